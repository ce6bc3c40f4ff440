// The synonym dictionary of the offline engine: curated in this repository for academic Chinese (abstracts
// and theses), released with the project under its licence. Only words whose alternatives read correctly
// wherever the rules let them stand: connectives, adverbs, prepositions and verbs with their usual
// objects. Nouns, adjectives and the conjunctions between nouns are left alone: in a thesis they are
// nearly always terms or parts of one (语言和社会, 世界观和方法论); so are the verbs of policy writing,
// which its keywords are made of (构建和谐社会, 加强监管, 推进现代化, 提升, 逐渐成熟), and 显著/明显, which in
// a results section say whether a difference is statistically significant. One line per word:
//
//   word: alternative alternative ... | flags
//
// Flags:
//   tag=a,b       only when the segmenter tags the word so (比较 the verb, not the adverb)
//   start         only at the start of a clause (因此 as a connective, not inside a clause)
//   comma         only when a comma follows (同时， → 与此同时，)
//   !after=x,y    not right after these words (本研究 stays)
//   after=x,y     only right after one of these words
//   !before=x,y   not right before these words
//   prev=a,b      only after a word tagged so (or at the start of a clause): 用 after its subject, never 兼容/用
//   next=a,b      only when the next word is tagged so (均 before a verb or an adjective: 均有 → 都有, never 均一)
//   long          only before a word of two characters or more (更准确 → 更加准确, never 更好 → 更加好)
//   obj=x,y       only when the object's head noun is one of these (发挥作用 → 起到作用, never 发挥优势)
//   !obj=x,y      not when the object's head noun is one of these (提供依据 stays; 提高温度 stays)
//   objnoun       only when the object's head is a noun, not a verb (得到结果 → 获得结果, never 得到普及 → 获得普及)
//   !clause=x,y   not when one of these words comes earlier in the clause (对X进行分析 stays: 开展 needs no 对)
//   !sentence=x,y not when one of these words comes earlier in the sentence (不仅…，而且… stays: 不仅…并且 is no pair)

export interface SynonymEntry {
  alts: string[];
  tags?: Set<string>;
  clauseStart: boolean;
  comma: boolean;
  notAfter?: Set<string>;
  onlyAfter?: Set<string>;
  notBefore?: Set<string>;
  nextTags?: Set<string>;
  prevTags?: Set<string>;
  long: boolean;
  objects?: Set<string>;
  notObjects?: Set<string>;
  objectNoun: boolean;
  notInClause?: Set<string>;
  notInSentence?: Set<string>;
}

const PREDICATE = 'next=v,vn,a,ad,d,p,c,vd,an';

const SOURCE = `
因此: 因而 | start
因而: 因此 | start
所以: 因此 | start
但是: 然而 | start tag=c
然而: 但是 | start
但: 但是 | start tag=c ${PREDICATE},r,n,nr,t
此外: 另外 | start
另外: 此外 | start tag=c
同时: 与此同时 | start comma
与此同时: 同时 | start comma
并且: 而且 | tag=c
并: 并且 | tag=c next=v,d,p,ad !before=没有,没,不,未,无,非
而且: 并且 | tag=c !sentence=不仅,不但,不只,不光,不单
总之: 总而言之 | start comma
综上所述: 总而言之 | start comma
由此可见: 可见 | start comma
事实上: 实际上 | start
实际上: 事实上 | start
换言之: 也就是说 | start comma
然后: 随后 | tag=c,d
随后: 然后 | tag=c,d,t
最终: 最后 | tag=d next=v
已: 已经 | tag=d ${PREDICATE}
已经: 已 | tag=d ${PREDICATE}
仍: 仍然 | tag=d ${PREDICATE}
仍然: 依然 | tag=d ${PREDICATE}
依然: 仍然 | tag=d ${PREDICATE}
都: 均 | tag=d next=v,a,ad,d,p
较: 较为 | tag=zg,d long next=a,ad
较为: 相对 | tag=d long !before=相
更: 更加 | tag=d long next=a,ad,v,d !before=应该,应当,应,要,需要,必须,可以,能够,能,会,是
最: 最为 | tag=d long next=a,ad,v,d
更加: 更为 | tag=d long
更为: 更加 | tag=d long
非常: 十分 | tag=d
十分: 非常 | tag=d,m next=a,ad,v,d
极为: 十分 | tag=d
不断: 持续 | tag=d,ad next=v,vn
日益: 日渐 | tag=d,ad next=a,v,ad
越来越: 日益 | long next=a,v,ad !before=不,没,难,少
广泛: 普遍 | tag=a,ad next=v,vn
通常: 一般 | tag=d,ad,a ${PREDICATE}
往往: 常常 | tag=d ${PREDICATE}
经常: 常常 | tag=d ${PREDICATE}
尤其: 特别 | tag=d next=v,p
能够: 能 | tag=v next=v,vn,d,a !after=既,又
可以: 能够 | tag=c,v next=v,vn,d,a !after=既,又 !before=看到,看出,说,见,认为,想见,预见,肯定
可: 可以 | tag=v next=v,vn,d !after=既,又
能: 能够 | tag=v next=v,vn,d !after=既,又
需: 需要 | tag=v next=v,vn,d
应: 应当 | tag=v next=v,vn,d
应当: 应 | tag=v next=v,vn,d
必须: 须 | tag=d,v next=v,vn,d
采用: 运用 | tag=v obj=法,技术,理论,模型,手段,策略,原理,思想,知识,工具,资料,数据,软件,程序,语言,思路,机制
利用: 借助 | tag=v,n next=n,nz,vn,l,j,eng,nr,ns,nt,an,m,r !before=率,价值,效率
借助: 利用 | tag=v,p
通过: 借助 | tag=p next=n,nz,vn,l,j,eng,nr,ns,nt,an,m !clause=将,把 !before=能力,量,率,性,式,系统,深入,全面,认真,仔细,反复
用: 采用 | tag=p !clause=将,把 prev=n,nr,ns,nt,nz,r,d,c,t,m,l,j,eng,f !obj=时间,精力 !before=大量,较多,更多,很多,许多,时间,精力
按: 按照 | tag=p
根据: 依据 | tag=p !after=的
依据: 根据 | tag=p !after=的
按照: 依照 | tag=p
对于: 对 | tag=p
随着: 伴随着 | tag=p start
为了: 为 | tag=p
旨在: 意在 | tag=v
提出: 给出 | tag=v obj=方法,模型,算法,策略,建议,对策,措施,框架,方案,思路,办法,途径,意见,指标,算子,准则,改进方法
分析: 剖析 | tag=v obj=原因,问题,现状,机理,特点,因素,成因,不足,症结,规律
研究: 探讨 | tag=v !after=本,该,此,这项,该项,进一步,的,展开,开展,进行
探讨: 探究 | tag=v
探究: 探讨 | tag=v
讨论: 探讨 | tag=v !after=的
表明: 显示 | tag=v after=结果,试验,实验,研究,分析,数据,调查,统计,测试,检测
结果表明: 结果显示
研究表明: 研究发现
表现出: 呈现出 | tag=v
显示: 表明 | tag=v after=结果,研究,分析,数据,实验,试验,调查,统计
说明: 表明 | tag=v !after=的
证实: 证明 | tag=v
证明: 证实 | tag=v
揭示: 阐明 | tag=v
验证: 检验 | tag=v !after=的
检验: 验证 | tag=v
具有: 具备 | tag=v obj=能力,条件,功能,优点,精度,效率,性能,素质,资格,基础,潜力,实力,鲁棒性,稳定性,可靠性,安全性,可行性,实用性,可操作性,可接受性,客观性,适应性,灵活性,兼容性,准确性,收敛性,扩展性,可扩展性
具备: 具有 | tag=v
得到: 获得 | tag=v objnoun !before=的 !obj=结论,证明,控制,解决,缓解,改善,体现,实现,保障,满足,普及,推广,应用,发展,重视,认可,提高,验证,证实,加强,落实,贯彻,肯定,认同,支持,关注
获得: 取得 | tag=v obj=成果,成绩,成效,效果,进展,突破,成功,经验,收益,效益
取得: 获得 | tag=v
提高: 提升 | tag=v !obj=温度,浓度,压力,剂量,用量,含量,速度,转速,比例,频率,电压,价格,利率,税率
降低: 减少 | tag=v obj=成本,风险,能耗,损耗,消耗,费用,污染,排放,损失,浪费,开支
减少: 降低 | tag=v obj=成本,风险,能耗,损耗,消耗,费用,污染,排放,损失,误差
增强: 提升 | tag=v obj=能力,意识,信心,效果,性能,稳定性,竞争力,鲁棒性,安全性,可靠性
导致: 造成 | tag=v
造成: 导致 | tag=v
引起: 导致 | tag=v !obj=关注,重视,注意,兴趣,共鸣,警惕,反响,争议,讨论
包括: 包含 | tag=v
包含: 包括 | tag=v
选取: 选择 | tag=v
选择: 选取 | tag=v !before=采用,使用,运用,利用,应用,借助,通过,进行,开展,用,以,在,对,将,把
探索: 探究 | tag=v
阐述: 论述 | tag=v
论述: 阐述 | tag=v
介绍: 阐述 | tag=v
总结: 归纳 | tag=v
归纳: 总结 | tag=v
满足: 符合 | tag=v obj=要求,条件,标准,规范
符合: 满足 | tag=v obj=要求,条件,标准
保证: 确保 | tag=v
确保: 保证 | tag=v
避免: 防止 | tag=v
防止: 避免 | tag=v
呈现: 表现出 | tag=v !before=出,在
发挥: 起到 | tag=v obj=作用
起到: 发挥 | tag=v obj=作用
有利于: 有助于
有助于: 有利于
使: 使得 | tag=v !after=为,为了,以,旨在,以便
使得: 使 | tag=v
进行: 开展 | tag=v !clause=对,将,把 obj=研究,调查,实验,试验,工作,活动,分析,探讨,评价,评估,讨论,测试,监测,检测,观察,访谈,培训
开展: 进行 | tag=v obj=研究,调查,实验,试验,分析,评价,评估,讨论,测试,检测,观察,访谈
改进: 改良 | tag=v obj=方法,算法,工艺,技术,方案
实现: 达成 | tag=v obj=目标,目的
达到: 达成 | tag=v obj=目标,目的
获取: 获得 | tag=v !before=时间,方式,途径,渠道,手段,方法,过程,技术,机制,成本,效率,速度,精度,能力,难度
达: 达到 | tag=v next=m
适宜: 适合 | tag=a,v,ad next=p,v,vn
相继: 先后 | tag=d next=v
仅: 只 | tag=d next=v,d !before=为,是,有
用于: 应用于 | tag=v
收集: 搜集 | tag=v
评价: 评估 | tag=v
评估: 评价 | tag=v
比较: 对比 | tag=v !before=实验,试验,分析,研究,组,度,法,优势
对比: 比较 | tag=v !before=实验,试验,分析,研究,组,度,法
该: 此 | tag=r next=n,vn,nz,j,l,P,m
此: 该 | tag=r next=n,vn,nz,j,l,P
本文: 本研究 | tag=r next=v,d,p,ad !before=是,为,的
上述: 以上 | tag=b,r,v,vn
目前: 当前 | tag=t
当前: 目前 | tag=t
近年来: 近些年来 | tag=l,t
许多: 诸多 | tag=m,a
诸多: 许多 | tag=m,a
众多: 诸多 | tag=m,a
各种: 各类 | tag=r !obj=类,类型,类别
各类: 各种 | tag=r
`;

function parse(source: string): Map<string, SynonymEntry> {
  const map = new Map<string, SynonymEntry>();
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const [head, flagText = ''] = line.split('|');
    const [word, altText] = head.split(':');
    const flags = flagText.trim().split(/\s+/).filter(Boolean);
    // A flag may be given twice (next=… from PREDICATE and an addition): the values are joined.
    const list = (name: string) => {
      const values = flags.filter((f) => f.startsWith(`${name}=`)).flatMap((f) => f.slice(name.length + 1).split(','));
      return values.length ? new Set(values) : undefined;
    };
    map.set(word.trim(), {
      alts: altText.trim().split(/\s+/).filter((a) => a && a !== word.trim()),
      tags: list('tag'),
      clauseStart: flags.includes('start'),
      comma: flags.includes('comma'),
      notAfter: list('!after'),
      onlyAfter: list('after'),
      notBefore: list('!before'),
      nextTags: list('next'),
      prevTags: list('prev'),
      long: flags.includes('long'),
      objects: list('obj'),
      notObjects: list('!obj'),
      objectNoun: flags.includes('objnoun'),
      notInClause: list('!clause'),
      notInSentence: list('!sentence'),
    });
  }
  return map;
}

export const SYNONYMS: ReadonlyMap<string, SynonymEntry> = parse(SOURCE);
