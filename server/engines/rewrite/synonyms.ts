// The synonym dictionary of the offline engine (智能降重): curated in this repository for academic Chinese
// (abstracts and theses), released with the project under its licence. One line per word:
//
//   word: alternative alternative ... | flags
//
// Alternatives are words that can stand in its place in the usual academic sentence. Flags:
//   weak          used only to break a long unchanged run (a light or stylistic change)
//   tag=a,b       only when the segmenter tags the word so (e.g. 比较 as an adverb, not the verb)
//   !after=x,y    not right after these words (本研究 stays 本研究)
//   !before=x,y   not right before these words
//   start         only at the start of a clause
//   after=x,y     only right after one of these words
//   nonoun        not right before a noun (中 → 之中 in 过程中, never in 左中切牙)

export interface SynonymEntry {
  alts: string[];
  weak: boolean;
  tags?: Set<string>;
  notAfter?: Set<string>;
  notBefore?: Set<string>;
  clauseStart: boolean;
  onlyAfter?: Set<string>;
  notBeforeNoun: boolean;
}

const SOURCE = `
因此: 因而 故而 由此 所以 | start
因而: 因此 从而 | start
所以: 因此 故而 | start
故而: 因此
同时: 与此同时 此外 | start tag=c
与此同时: 同时
并且: 而且 同时
而且: 并且 况且 | start
但是: 然而 不过 | start
但: 然而 不过 | start tag=c
然而: 但是 不过 | start
不过: 然而 但是 | start
由于: 因为 鉴于 | start
因为: 由于 | start
鉴于: 由于 考虑到 | start
通过: 借助 经由 | tag=p
借助: 通过 依托 利用
依托: 借助 依靠
利用: 借助 运用 使用
采用: 运用 使用 采取 借助
使用: 采用 运用
运用: 使用 采用 应用
应用: 运用 | !before=于,前景,价值,研究,领域,软件,程序,层
基于: 依托 依据 立足于 | tag=p
根据: 依据 按照 结合 | tag=p
依据: 根据 按照 | tag=p
按照: 依照 根据
针对: 围绕 面向 | tag=p
对于: 对 就 | tag=p
关于: 有关 围绕 | tag=p
以及: 和 与 及
和: 与 及 以及 | tag=c
与: 和 同 | weak
及: 以及 和 | tag=c
或: 或者 | tag=c
或者: 或
并: 并且 进而 | tag=c
该: 此 这一 | tag=r
此: 这 该 | weak !before=外,时,前,后,次,处
这些: 此类 上述 这类
这种: 此种 这类 该种
这一: 该 此
上述: 前述 以上
本文: 本研究 本论文 文章
该文: 本文 文章
文章: 本文 | !after=的,篇,该,这篇
我国: 国内 中国
国内外: 海内外
国外: 海外 境外
目前: 当前 现阶段 如今
当前: 目前 现阶段
现阶段: 当前 目前
近年来: 近些年 最近几年 近几年
以往: 过去 此前
随着: 伴随着 伴随 | tag=p
从而: 进而 由此 以此
进而: 从而 继而
首先: 第一 先 | start
然后: 随后 接着 继而
随后: 然后 继而
最后: 最终 | start
最终: 最后
此外: 另外 除此之外 | start
另外: 此外 | start
不仅: 不但 不只
例如: 比如 譬如
比如: 例如
即: 也就是 亦即 | tag=v
也就是说: 换言之 即
换言之: 也就是说 换句话说
总之: 总而言之 综上
综上所述: 总而言之 总体而言
由此可见: 可见 据此可知
可见: 由此可见
事实上: 实际上
实际上: 事实上
显然: 很明显 明显地
在此基础上: 以此为基础 在此前提下
据此: 由此 依此
由此: 据此 由此出发
均: 都 皆 | tag=d
都: 均 | tag=d weak
已: 已经 | tag=d
已经: 已
仍: 仍然 依然
仍然: 依然 仍
依然: 仍然
较: 相对 比较 | tag=zg,d
较为: 比较 相对
相对: 较为 比较 | tag=d
更: 更加 更为 | tag=d
更加: 更为 更
更为: 更加
非常: 十分 极为
十分: 非常 颇为
很: 十分 非常
极为: 非常 十分
显著: 明显 | !before=性,水平,差异
明显: 显著 | !before=的差异
逐渐: 逐步 渐渐
逐步: 逐渐
不断: 持续 日益
日益: 日渐 越来越
越来越: 日益 日渐
广泛: 普遍
普遍: 广泛
重要: 关键 重大 | !before=性
关键: 重要 核心 | !before=词,技术,问题,因素
有效: 切实 有力 | !before=性,值,成分
良好: 较好 优良
较好: 良好 较佳
较大: 较多 偏大
较高: 偏高
较低: 偏低
快速: 迅速 | !before=发展
迅速: 快速
准确: 精确 精准 | !before=率,性,度
精确: 准确
相关: 有关 | !before=性,系数,分析
有关: 相关
大量: 众多 大批
众多: 大量 诸多
许多: 诸多 众多
诸多: 许多 众多
各种: 各类 多种
多种: 多类 各种
一种: 一类
一些: 部分 若干
若干: 一些
具有: 拥有 具备 有着
具备: 具有
拥有: 具有
进行: 开展 展开
开展: 进行 展开
展开: 开展 进行
提出: 给出 | !before=者
给出: 提出 得出
得到: 获得 取得 得出
获得: 得到 取得
取得: 获得 得到
得出: 得到 获得
获取: 获得 取得
表明: 显示 说明 证实
显示: 表明 | tag=v
说明: 表明 | tag=v
结果表明: 结果显示 结果证实
研究表明: 研究显示 研究发现
提高: 提升 增强 改善
提升: 提高
增强: 强化 提升
加强: 强化 增强
强化: 加强
降低: 减少 减小
减少: 降低 减小
减小: 降低 缩小
增加: 增多 提高 | !before=值
增大: 加大 增加
改善: 改进 优化
改进: 改良 完善 优化
完善: 健全 改进 | tag=v,a
实现: 达成 完成
达到: 达成 实现
建立: 构建 建构 创建
构建: 建立 构造
构造: 构建
创建: 建立
分析: 剖析 探析 解析 | !before=方法,仪,软件,结果
研究: 探究 探讨 | !after=本,该,此,这项,该项,进一步 !before=者,生,所,院,人员,对象,方向,背景,结果,领域,成果,方法
探讨: 探究 讨论
探究: 探讨
讨论: 探讨 研讨
考察: 考查 检视
介绍: 阐述 叙述 说明
阐述: 论述 阐释 说明
论述: 阐述
描述: 刻画 表述
总结: 归纳 概括
归纳: 总结
概述: 概括
验证: 检验 证实
检验: 验证 | !before=方法
证明: 证实 表明 | tag=v
证实: 证明
评价: 评估 | !before=指标,体系
评估: 评价 | !before=指标,体系
考虑: 顾及 兼顾
确定: 明确 确立 | tag=v
明确: 厘清 确定 | tag=v
确立: 建立
选择: 选取 挑选 | tag=v
选取: 选择 选用
选用: 选取 采用
用于: 应用于 运用于
引入: 引进 导入
添加: 加入 增添
加入: 添加
提取: 抽取 | !before=物,液
识别: 辨识 辨别 | !before=率
判断: 判别 判定
判定: 判断
预测: 预估 | !before=模型,精度
估计: 估算 推测 | tag=v
仿真: 模拟
模拟: 仿真 | tag=v
实验: 试验 | !after=本 !before=室,组
试验: 实验 | !before=田,区,组
测试: 检测 | !before=集,样本
观察: 观测 考察 | !before=组,指标
观测: 观察
监测: 监控 | !before=站,点,数据
测定: 测量
测量: 测定 量测
计算: 运算 推算 | tag=v
发挥: 起到
起到: 发挥
作用: 效用 功效 | tag=n,v,vn
效果: 成效 效用
成效: 效果 成果
成果: 成效
方法: 途径 手段 | !after=研究,分析,计算,数值,有限元,测定 !before=学,论
方式: 途径 形式
途径: 方式 路径
手段: 方式 方法
问题: 难题 | !after=关键
过程: 进程 流程 | !after=全
特点: 特征 特色
特性: 特点 性质
性能: 效能 表现
优势: 长处 优点
优点: 长处 优势
缺点: 不足 缺陷
不足: 缺陷 短板 | tag=a,n
因素: 要素
要素: 因素
原因: 缘由 成因
情况: 状况 情形
状况: 情况 状态
现状: 状况 现况
趋势: 态势 走向
方面: 层面 | !after=一,另一
层面: 方面
角度: 视角 维度
视角: 角度
领域: 范畴
范围: 范畴
意义: 价值 | !before=上 !after=统计学
价值: 意义 | !before=观,链
基础: 根基 前提 | !after=在此,此,的 !before=上 tag=n
措施: 举措 手段
举措: 措施
策略: 对策 方略
对策: 策略 措施
机制: 机理
机理: 机制
框架: 架构
架构: 框架
思想: 理念 | !before=政治
理念: 思想 观念
观点: 看法 见解
看法: 观点
指出: 提出 表明
差异: 差别 区别 | !after=显著,无显著,统计学,比较,相比
差别: 差异
区别: 差异 差别 | tag=n
变化: 改变 变动 | !before=规律,率
改变: 变更 转变
转变: 转化 变化
患者: 病人 病患
解决: 化解 应对
满足: 符合 契合
符合: 满足 契合
保证: 确保 保障
确保: 保证 保障
保障: 保证 | tag=v
避免: 防止 规避
防止: 避免
体现: 反映 展现
反映: 体现 折射
表现: 展现 体现 | tag=v
展现: 表现 体现
揭示: 阐明 显示
包括: 包含 涵盖
包含: 包括 涵盖
涉及: 牵涉 关系到
需要: 需 须 | tag=v
必须: 务必 须
能够: 可以 可
可以: 能够 可 | tag=c,v
可: 可以 能够 | tag=v nonoun
能: 可以 能够 | tag=v
应: 应当 应该 | tag=v
应当: 应 应该
有利于: 利于 有助于
有助于: 有利于 有益于
继续: 持续
持续: 不断 持久 | tag=vd,d
共同: 一同 协同 | tag=d
必要: 必需
运行: 运转 | !before=机制
使得: 致使 使 令
使: 使得 令 | tag=v
属于: 归属于 属
位于: 处于
呈现: 展现 表现出
出现: 产生 | tag=v
发生: 出现 产生
产生: 引发 造成 | tag=v
造成: 导致 引起
导致: 造成 引起 致使
引起: 导致 引发
促进: 推动 促使
推动: 促进 推进
推进: 推动
大幅: 大幅度 显著
相比: 相较 比较
对比: 比较 比照 | tag=v
比较: 对比 | tag=v
用: 采用 使用 | tag=p
每日: 每天
每天: 每日
旨在: 意在 目的在于
前后: 前与后 | weak tag=f
相应: 对应 | tag=v
对应: 相应
一致: 相符 吻合 | tag=d,a
提供: 给予 带来
参考: 借鉴 | tag=v
借鉴: 参考
阶段: 时期 时段 | !after=现
时期: 阶段
分为: 划分为 分成
划分: 区分 | tag=v
组成: 构成
构成: 组成
组成部分: 构成部分
所有: 全部 一切
其他: 其余
其余: 其他
大多数: 多数 绝大部分
多数: 大多数
相同: 一样 | !before=点
类似: 相似 相近
相似: 类似
相近: 接近 类似
接近: 趋近 相近
大致: 大体
学者: 研究者
合理: 恰当 适当 | !before=性,化
恰当: 合理 适当
适当: 恰当
适合: 适宜
必然: 必定
通常: 一般 往往
往往: 常常 通常
经常: 常常 时常
常常: 经常
尤其: 特别 尤为
尤为: 格外 特别
特别: 尤其 | tag=d
深入: 深刻 | tag=a,v,ad
深刻: 深入
迫切: 急迫
如何: 怎样
怎样: 如何
为何: 为什么
仅: 只 仅仅 | tag=d
仅仅: 只 仅
主要包括: 主要涵盖
整体: 总体 | tag=n
总体: 整体
全面: 全方位 | tag=n,a,ad
详细: 细致 具体
简单: 简便 | !before=的
重点: 要点 核心 | tag=n
核心: 关键 中心 | !before=期刊,区
成为: 变为 | tag=v
形成: 构成 | tag=v !before=机制,机理
认识: 认知 | tag=v,n
理解: 领会 认知
掌握: 把握
把握: 掌握
开发: 研制 | tag=v !before=区
研制: 开发
设计: 规划 | tag=v weak
在: 于 | tag=p weak !after=是,正,都,均,也,还,存,所,现,实
于: 在 | tag=p weak
是: 为 | tag=v weak !after=就,而,正,即,都,也,还,只,不,但,于,可,若,要,总,凡,还是,或,这,此 !before=为什么,什么,否,如何,由,因为,由于,为了,在
将: 把 | tag=d,p weak !before=会,要,是,有,进一步,被,成为
把: 将 | tag=p weak
从: 自 由 | tag=p weak
也: 亦 | tag=d weak
亦: 也
还: 也 | tag=d weak
无: 没有 | tag=v weak
没有: 无 未
未: 没有 | tag=d weak
可能: 或许 也许 | tag=v !before=的,性
一般: 通常 | tag=a !before=的,性
及其: 以及其 | weak
之间: 间 | weak
主要: 首要 | weak !before=包括,有,是,为
各: 各个 | tag=r weak
一个: 一 | weak !before=人
对: 针对 | tag=p weak !before=于
为了: 为 以便 | tag=p
以便: 以 便于
能力: 本领 | weak
中: 之中 | tag=f weak !after=其,当,之,集,空,心,期,初,高,水 nonoun
上: 之上 | tag=f weak !after=之,以,此,实际,事实,基本,总体,整体,大体,一定程度,加,马,线,网,路,晚,早,身 nonoun
下: 之下 | tag=f weak !after=之,以,此,一,上,地,底,乡,天,当,眼,如,私,陛,部 nonoun
后: 之后 | tag=f weak !after=之,以,此,然,最,随,其,前,先,而,背,落,今,往,日 nonoun
前: 之前 | tag=f weak !after=之,以,此,目,当,提,空,先,从,向,上,面,眼,事,跟,生 nonoun
内: 之内 | tag=f weak !after=之,以,此,国,体,室,其,域,境,省,市,区 nonoun
外: 之外 | tag=f weak !after=之,以,此,国,另,额,室,体,海,其,除,意,中,野,户,域,境 nonoun
间: 之间 | tag=f weak !after=之,时,期,中,空,区,其,民,房,车,人,夜,瞬 nonoun
时: 之时 | tag=n weak !after=之,同,及,此,当,小,适,临,定,实,届,准,暂,随,彼,按,过,旧,即,平,一,有,何,那,这,顿,历,准时,每
数据: 资料 | weak !before=库,集,结构,挖掘,中心
资料: 数据 | weak
分别: 各自 | tag=d weak
影响: 作用 | tag=vn,n weak after=的 !before=因素,因子,下,之下
到: 至 | tag=v weak
至: 到 | tag=p weak
作为: 充当 当作 | tag=v weak !before=一种,一个,一项
存在: 存有 | tag=v weak !before=着,于
属: 属于 | tag=v weak
要: 需 | tag=v weak !before=求,素,点,么,想
比: 较 | tag=p weak
达: 达到 | tag=v weak
且: 并且 而且 | weak
自: 从 | tag=p weak
这: 此 | tag=r weak !before=是,为,些,样,种,就,里,一,个
认为: 指出 主张 | tag=v weak
最: 最为 | tag=d weak !before=大,小,高,低,多,少,后,终,初,好,佳,优,新,早,近,重,长,短,快,慢,强,弱
占: 占据 | tag=v weak
含: 含有 | tag=v weak
就: 便 | tag=d weak
生成: 产生 | tag=v weak
需: 需要 | tag=v weak
优于: 好于 胜过 | weak
则: 便 | tag=d weak
进入: 步入 | tag=v weak
上升: 升高 增长 | tag=v weak
升高: 上升 | tag=v weak
下降: 降低 减少 | tag=v weak
采取: 采用 | tag=v weak
保持: 维持 | tag=v weak
维持: 保持 | tag=v weak
随: 随着 | tag=v weak
先: 首先 | tag=d weak !before=后
呈: 呈现 | tag=v weak
处于: 处在 | tag=v weak
约: 大约 | tag=d weak
高于: 超过 | tag=v weak
大于: 超过 | weak
共: 共计 | tag=d weak
除: 除了 | tag=p weak
只有: 唯有 | tag=c weak
关系: 联系 | tag=n weak !after=公共,国际,社会,人际,函数,线性,对应
顺序: 次序 | weak
类型: 种类 | weak
比例: 比重 | weak
状态: 状况 | weak !after=稳,稳定,临界,基态,激发
形式: 方式 | weak
直接: 径直 | weak tag=ad
随机: 任意 | weak tag=d !before=对照,分组,分为,分成,数字
有: 具有 | tag=v weak !after=均,都,没,并,还,仍,只,才,也,又,既,则,亦,共,所,占,另,尚,是否,皆,具,拥,含,带,附,设,若 !before=所,利,助,关,待,着,了,过,时,些,点,的,一,无,人,个,哪
给予: 予以 施以 | tag=v weak
据: 根据 依据 | tag=p weak !before=此,悉,说,称,报道,统计
同: 与 和 | tag=p weak
跟: 与 同 | tag=p weak
因: 由于 因为 | tag=p weak
经过: 经 历经 | tag=p weak
进一步: 更进一步 | weak
实施: 开展 推行 执行 | tag=v weak
周围: 周边 四周 | weak
附近: 周边 邻近 | weak
适宜: 适合 | weak
稳定: 平稳 稳固 | tag=a weak
联合: 结合 | tag=v weak
完全: 全然 彻底 | tag=ad,d weak
促使: 促进 推动 | weak
发现: 表明 显示 | weak after=研究,结果,调查,分析,实验,试验
分成: 分为 | tag=v
控制: 调控 | tag=v weak
`;

function parse(source: string): Map<string, SynonymEntry> {
  const map = new Map<string, SynonymEntry>();
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const [head, flagText = ''] = line.split('|');
    const [word, altText] = head.split(':');
    const flags = flagText.trim().split(/\s+/).filter(Boolean);
    const list = (name: string) => {
      const flag = flags.find((f) => f.startsWith(`${name}=`));
      return flag ? new Set(flag.slice(name.length + 1).split(',')) : undefined;
    };
    map.set(word.trim(), {
      alts: altText.trim().split(/\s+/).filter((a) => a && a !== word.trim()),
      weak: flags.includes('weak'),
      clauseStart: flags.includes('start'),
      notBeforeNoun: flags.includes('nonoun'),
      onlyAfter: list('after'),
      tags: list('tag'),
      notAfter: list('!after'),
      notBefore: list('!before'),
    });
  }
  return map;
}

export const SYNONYMS: ReadonlyMap<string, SynonymEntry> = parse(SOURCE);
