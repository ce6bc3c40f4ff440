// Chinese vocabulary of the services around the papers: failure messages, slide decks, chat, AIGC
// reasons, packages and the account.

/** Why a task failed, as the server tells the student (the fee is refunded). */
export const TASK_ERRORS = [
  '文件解析失败：文档可能已加密或损坏，请另存为 .docx 后重新上传，费用已退回',
  '检测超时，费用已退回，请稍后重新提交',
  '论文正文不足 200 字，无法生成报告，费用已退回',
  '模型服务暂时不可用，费用已退回，请稍后重试',
  '生成中断：内容未通过安全审核，费用已退回',
];

export type PptTemplate = { name: string; palette: string[] };

export const PPT_TEMPLATES: PptTemplate[] = [
  { name: '学术蓝', palette: ['#1F4E79', '#2E75B6', '#BDD7EE', '#FFFFFF'] },
  { name: '清新绿', palette: ['#2E7D32', '#66BB6A', '#E8F5E9', '#FFFFFF'] },
  { name: '沉稳灰', palette: ['#37474F', '#78909C', '#ECEFF1', '#FFFFFF'] },
  { name: '中国红', palette: ['#B71C1C', '#E53935', '#FFEBEE', '#FFF8E1'] },
  { name: '科技紫', palette: ['#4A148C', '#7E57C2', '#EDE7F6', '#FFFFFF'] },
  { name: '暖阳橙', palette: ['#E65100', '#FB8C00', '#FFF3E0', '#FFFFFF'] },
  { name: '水墨风', palette: ['#212121', '#616161', '#F5F5F5', '#FAFAFA'] },
  { name: '简约白', palette: ['#263238', '#90A4AE', '#FFFFFF', '#F5F7FA'] },
];

/** Settings the slide-deck screen offers (ai_sys_config_api): scenes and page counts. */
export const PPT_SCENES = [
  { key: 'thesis_defense', label: '毕业答辩', value: '适用于本科、硕士学位论文答辩，突出研究方法与结论' },
  { key: 'proposal', label: '开题报告', value: '介绍选题依据、研究内容与进度安排' },
  { key: 'course_report', label: '课程汇报', value: '课堂展示与小组作业汇报，结构简洁' },
  { key: 'academic_talk', label: '学术报告', value: '会议报告与组会分享，侧重研究发现' },
];
export const PPT_PAGE_COUNTS = [10, 12, 15, 20];

export const SLIDE_TITLES = ['研究背景', '研究意义', '国内外研究现状', '研究内容与方法', '数据来源', '模型构建', '实证结果', '稳健性检验', '主要结论', '对策建议', '研究不足与展望'];

export const SLIDE_BULLETS = [
  '梳理研究问题的现实背景',
  '说明选题的理论价值与实践意义',
  '归纳已有研究的主要观点',
  '指出现有研究的不足',
  '问卷调查与深度访谈相结合',
  '样本覆盖三所高校共 612 名学生',
  '采用结构方程模型检验路径关系',
  '构建双重差分模型识别因果效应',
  '核心解释变量在 1% 水平上显著',
  '替换变量与剔除样本后结论不变',
  '效应在中西部地区更为明显',
  '完善政策引导与平台治理',
  '提升用户的信息素养',
  '样本范围有限，有待进一步扩展',
];

export const SLIDE_NOTES = [
  '这一页重点说明研究背景，控制在一分钟以内。',
  '结合示意图讲解模型结构，强调与已有方法的区别。',
  '先给出结论，再用表格中的数据加以说明。',
  '向老师说明样本的来源与代表性。',
  '总结全文，感谢各位老师的指导。',
];

/** A deck's topic when it is made from a topic rather than a paper. */
export const PPT_TOPICS = [
  '介绍中文文本相似度研究的背景、方法、实验结果与结论',
  '汇报农村电商发展现状、存在问题与对策建议',
  '展示短视频用户持续使用意愿的研究模型与检验结果',
  '讲解数字普惠金融影响居民消费的机制与实证发现',
  '开题汇报：研究内容、技术路线与进度安排',
];

/** A conversation's first question (its title) and the assistant's answer. */
export const CHAT_EXCHANGES = [
  { question: '如何撰写文献综述', answer: '文献综述可以按“主题—观点—评述”组织：先按研究主题把文献分组，再概括每组的主要观点和方法，最后指出已有研究的不足，引出本文要解决的问题。避免逐篇罗列，注意用自己的话归纳。' },
  { question: '开题报告的研究方法怎么写', answer: '研究方法部分要说明用什么方法、为什么用、怎么用：例如问卷调查需写清样本来源、量表设计与发放方式，实证分析需写清模型、变量和数据来源，并说明方法与研究问题之间的对应关系。' },
  { question: '问卷的信度和效度怎么检验', answer: '信度常用克朗巴哈系数，一般大于 0.7 即可接受；效度可先做 KMO 和巴特利特球形检验，再做探索性因子分析，必要时用验证性因子分析检验收敛效度与区分效度。' },
  { question: '摘要怎样压缩到 300 字以内', answer: '摘要保留四要素即可：研究目的、方法、主要结果和结论。删去背景铺垫和文献回顾，用数据代替形容词，每个要素一到两句话，通常就能控制在 300 字以内。' },
  { question: '参考文献的著录格式有什么要求', answer: '国内高校多采用 GB/T 7714—2015：期刊写作者、题名、刊名、年、卷(期)和页码，并在题名后标注文献类型标识，如 [J] 表示期刊、[D] 表示学位论文、[M] 表示专著。' },
  { question: '实证结果不显著怎么办', answer: '先检查数据与模型设定：样本量是否足够、变量测量是否合理、是否遗漏关键控制变量。若确实不显著，也可以如实报告并讨论可能的原因，不显著本身也是有价值的发现。' },
];

/** Why a sentence looks machine-written (AIGC detection). */
export const AIGC_REASONS = [
  '句式结构高度规整',
  '连接词使用频繁',
  '用词概括、缺少具体细节',
  '段落呈总分总模板',
  '困惑度明显低于人工写作',
];

/** Package names by package type (the server's seeded packages). */
export const PACKAGE_NAMES: Record<string, string> = {
  check: '查重套餐',
  rewrite: '降重套餐',
  aigc: '降AIGC套餐',
  paper: 'AI论文套餐',
  ppt: 'AI PPT套餐',
  recharge: '充值 50 元',
};
export const PACKAGE_DESCRIPTIONS = ['到账 35 元余额，约可查重 3.5 万字（每千字 1 元）', '到账 60 元余额，约可降重 2 万字（每千字 3 元）', '到账 52 元余额（赠 2 元）'];
export const PACKAGE_FEATURES = ['到账 35 元余额', '查重每千字 1 元', '余额可用于全部服务', '改写后自动复查', '导出 Word 文档', '赠送 2 元'];

/** What a balance change says, by ledger kind. */
export const LEDGER_NOTES: Record<string, string> = {
  recharge: '充值 50 元（订单 MY20260301093015482913）',
  reversal: '订单退款冲正（订单 MY20260301093015482913）',
  charge: '查重：基于深度学习的中文文本相似度研究',
  refund: '任务失败退款：乡村振兴背景下农村电商发展路径研究',
  grant: '管理员赠送',
  deduction: '管理员扣减：重复赠送',
};

/** What check_cost warns about before payment, by warning code. */
export const CHECK_WARNINGS: Record<string, string> = {
  library_empty: '本站比对库中还没有任何文献，检测结果将是 0%，并不说明论文没有重复。建议等管理员导入比对文献后再检测。',
  library_small: '本站比对库目前只收录 812 篇文献（974 万字），检测结果只反映与这些文献的重合，可能明显偏低。',
  little_chinese: '本系统比对库以中文文献为主，英文内容的检测结果可能偏低（本文中文字符约占 21%）。',
};

export const FREE_CHECK_NOTICES = ['本设备今日的免费查重次数已用完，充值后即可查重', '当前网络今日领取免费查重的次数已达上限'];

export const USERNAMES = ['zhangsan', 'lisi_2024', 'wangwu', 'chen.jing', 'liu-yang', 'zhao_min'];
