import { renumberOutline, stripNumber } from './outline';
import { type Degree, type DisciplineGroup, type Outline, DEGREE_NAMES, DISCIPLINE_GROUP_NAMES } from './types';

// Offline outline templates: real, fixed structures by degree and discipline with a length plan and
// writing guidance per section. They are labelled as templates wherever they are shown, never as text a
// model wrote.

interface TemplateSection {
  name: string;
  guidance: string[];
}
interface TemplateChapter {
  name: string;
  /** Share of the body's length. */
  weight: number;
  sections: TemplateSection[];
  /** Only from this degree up (硕士 adds a review chapter, 博士 a second study). */
  from?: Degree;
}

const s = (name: string, ...guidance: string[]): TemplateSection => ({ name, guidance });

const INTRO = (extra: TemplateSection[] = []): TemplateChapter => ({
  name: '绪论',
  weight: 0.14,
  sections: [
    s('研究背景与意义', '说明选题的现实背景与理论背景', '点明研究要解决的具体问题及其价值'),
    s('国内外研究现状', '按主题或时间梳理已有研究，只引用用户提供的参考文献', '归纳已有研究的不足，引出本文切入点'),
    s('研究内容与方法', '列出本文的主要研究内容', '说明采用的研究方法与技术路线'),
    ...extra,
    s('论文结构安排', '逐章概述全文结构'),
  ],
});

const TEMPLATES: Record<DisciplineGroup, TemplateChapter[]> = {
  science: [
    INTRO(),
    {
      name: '相关理论与关键技术',
      weight: 0.16,
      sections: [
        s('基本概念与定义', '给出本文涉及的核心概念和符号约定'),
        s('关键技术原理', '阐述本文方法所依赖的技术原理', '说明各技术的适用条件与局限'),
        s('本章小结', '概括本章内容，说明与后续章节的联系'),
      ],
    },
    {
      name: '文献综述与问题分析',
      weight: 0.12,
      from: 'master',
      sections: [
        s('主要研究路线比较', '对比不同方法的思路、优劣与适用范围'),
        s('存在问题与研究切入点', '提炼尚未解决的问题，说明本文的创新点'),
      ],
    },
    {
      name: '方法设计与实现',
      weight: 0.26,
      sections: [
        s('总体设计', '给出系统或方法的总体框架', '说明各模块的功能与相互关系'),
        s('核心算法设计', '详细描述核心算法的步骤与关键公式', '分析算法复杂度'),
        s('实现细节', '说明实现环境、主要参数与工程处理'),
        s('本章小结', '概括本章设计要点'),
      ],
    },
    {
      name: '扩展研究',
      weight: 0.14,
      from: 'doctor',
      sections: [
        s('问题的进一步提出', '说明在前一研究基础上需要解决的新问题'),
        s('改进方法', '描述改进思路与具体方法'),
        s('验证与讨论', '给出验证方案与结果讨论'),
      ],
    },
    {
      name: '实验与结果分析',
      weight: 0.22,
      sections: [
        s('实验环境与数据集', '说明软硬件环境、数据来源与预处理'),
        s('评价指标与对比方法', '定义评价指标，说明对比方法的选择理由'),
        s('实验结果与分析', '给出实验结果（表格数据请按实际实验填写）', '分析结果成因，讨论方法的优势与不足'),
        s('本章小结', '概括实验结论'),
      ],
    },
    {
      name: '总结与展望',
      weight: 0.1,
      sections: [s('全文总结', '总结本文完成的工作与主要结论'), s('研究展望', '指出本文的不足与后续研究方向')],
    },
  ],
  humanities: [
    INTRO([s('核心概念界定', '界定本文使用的核心概念及其内涵')]),
    {
      name: '理论基础与文献综述',
      weight: 0.18,
      sections: [
        s('理论基础', '阐述支撑本文分析的理论及其主要观点'),
        s('相关研究综述', '梳理相关研究的主要观点与争议，只引用用户提供的参考文献'),
        s('研究述评', '评价已有研究的贡献与不足'),
      ],
    },
    {
      name: '现状与问题分析',
      weight: 0.26,
      sections: [
        s('现状描述', '用事实与材料描述研究对象的现状'),
        s('主要问题', '归纳存在的主要问题'),
        s('成因分析', '从多个层面分析问题的成因'),
      ],
    },
    {
      name: '比较与案例研究',
      weight: 0.14,
      from: 'master',
      sections: [s('案例选取与材料', '说明案例的代表性与材料来源'), s('案例分析', '结合理论对案例进行分析'), s('经验与启示', '总结可借鉴的经验')],
    },
    {
      name: '对策与建议',
      weight: 0.24,
      sections: [
        s('基本原则', '提出解决问题应遵循的原则'),
        s('具体对策', '针对前文问题逐条提出对策，与成因一一对应'),
        s('保障措施', '说明对策落实所需的条件与保障'),
      ],
    },
    { name: '结论', weight: 0.08, sections: [s('研究结论', '概括全文的主要观点'), s('不足与展望', '说明研究局限与后续方向')] },
  ],
  economics: [
    INTRO(),
    {
      name: '理论基础与文献综述',
      weight: 0.16,
      sections: [
        s('相关理论', '阐述本文依据的经济学或管理学理论'),
        s('文献综述', '梳理相关实证与理论研究，只引用用户提供的参考文献'),
        s('文献述评', '指出已有研究的不足与本文的边际贡献'),
      ],
    },
    {
      name: '研究设计',
      weight: 0.18,
      sections: [
        s('研究假设', '基于理论分析提出可检验的研究假设'),
        s('样本选择与数据来源', '说明样本范围、时间区间与数据来源'),
        s('变量定义与模型构建', '定义被解释变量、解释变量与控制变量，给出计量模型'),
      ],
    },
    {
      name: '实证分析',
      weight: 0.26,
      sections: [
        s('描述性统计', '报告主要变量的描述性统计（数据请按实际样本填写）'),
        s('回归结果分析', '报告并解释回归结果，检验研究假设'),
        s('稳健性检验', '说明替换变量、改变样本等稳健性检验'),
        s('异质性分析', '按分组讨论影响的差异'),
      ],
    },
    {
      name: '机制检验与拓展分析',
      weight: 0.12,
      from: 'master',
      sections: [s('作用机制检验', '检验影响的传导路径'), s('拓展分析', '讨论进一步的问题')],
    },
    {
      name: '结论与建议',
      weight: 0.1,
      sections: [s('研究结论', '概括实证发现'), s('政策建议', '依据结论提出可操作的建议'), s('研究不足与展望', '说明局限与方向')],
    },
  ],
  medicine: [
    {
      name: '引言',
      weight: 0.14,
      sections: [
        s('研究背景', '说明疾病负担或临床问题的背景'),
        s('国内外研究进展', '梳理相关研究进展，只引用用户提供的参考文献'),
        s('研究目的', '明确本研究的目的与假设'),
      ],
    },
    {
      name: '文献综述',
      weight: 0.14,
      from: 'master',
      sections: [s('发病机制与诊疗现状', '综述发病机制与现有诊疗手段'), s('研究争议与空白', '指出尚存争议的问题')],
    },
    {
      name: '资料与方法',
      weight: 0.24,
      sections: [
        s('研究对象', '说明纳入与排除标准、样本量估算与伦理审批'),
        s('研究方法', '描述干预或观察方法、检测指标与操作流程'),
        s('统计学方法', '说明统计软件、检验方法与显著性水平'),
      ],
    },
    {
      name: '结果',
      weight: 0.24,
      sections: [
        s('一般资料比较', '报告各组基线资料（数据请按实际研究填写）'),
        s('主要观察指标', '报告主要指标的结果'),
        s('次要观察指标与不良反应', '报告次要指标与安全性结果'),
      ],
    },
    {
      name: '讨论',
      weight: 0.2,
      sections: [s('结果解释', '结合机制解释主要结果'), s('与既往研究比较', '与用户提供的文献对比异同'), s('局限性', '说明研究局限')],
    },
    { name: '结论', weight: 0.06, sections: [s('主要结论', '用简洁的语言给出结论')] },
  ],
};

const JOURNAL: Record<DisciplineGroup, Array<{ name: string; weight: number; guidance: string[] }>> = {
  science: [
    { name: '引言', weight: 0.15, guidance: ['提出问题与研究动机', '概述相关工作与本文贡献'] },
    { name: '相关工作', weight: 0.15, guidance: ['按技术路线梳理相关研究，只引用用户提供的参考文献'] },
    { name: '方法', weight: 0.3, guidance: ['给出方法框架与关键公式'] },
    { name: '实验与分析', weight: 0.3, guidance: ['说明数据、指标与对比方法', '分析结果（数据请按实际实验填写）'] },
    { name: '结论', weight: 0.1, guidance: ['总结贡献与不足'] },
  ],
  humanities: [
    { name: '引言', weight: 0.15, guidance: ['提出问题与研究意义'] },
    { name: '文献回顾与理论框架', weight: 0.2, guidance: ['梳理相关研究，只引用用户提供的参考文献'] },
    { name: '问题分析', weight: 0.3, guidance: ['结合材料展开论证'] },
    { name: '对策与讨论', weight: 0.25, guidance: ['提出对策并讨论可行性'] },
    { name: '结语', weight: 0.1, guidance: ['概括观点'] },
  ],
  economics: [
    { name: '引言', weight: 0.12, guidance: ['提出研究问题与边际贡献'] },
    { name: '理论分析与研究假设', weight: 0.2, guidance: ['推导研究假设'] },
    { name: '研究设计', weight: 0.2, guidance: ['样本、变量与模型'] },
    { name: '实证结果与分析', weight: 0.36, guidance: ['回归结果、稳健性与异质性（数据请按实际样本填写）'] },
    { name: '结论与启示', weight: 0.12, guidance: ['结论与建议'] },
  ],
  medicine: [
    { name: '引言', weight: 0.12, guidance: ['临床问题与研究目的'] },
    { name: '资料与方法', weight: 0.3, guidance: ['研究对象、方法与统计学方法'] },
    { name: '结果', weight: 0.28, guidance: ['主要与次要结果（数据请按实际研究填写）'] },
    { name: '讨论', weight: 0.24, guidance: ['解释结果，与既往研究比较，说明局限'] },
    { name: '结论', weight: 0.06, guidance: ['主要结论'] },
  ],
};

const DEGREE_RANK: Record<Degree, number> = { 'junior-college': 0, bachelor: 1, master: 2, doctor: 3, journal: 1 };
/** At most this many sections per chapter (the rest of a template's sections are left out). */
const SECTIONS_PER_CHAPTER: Record<Degree, number> = { 'junior-college': 2, bachelor: 4, master: 4, doctor: 5, journal: 0 };

export const DEFAULT_LENGTH: Record<Degree, number> = {
  'junior-college': 8000,
  bachelor: 15000,
  master: 30000,
  doctor: 80000,
  journal: 8000,
};

const GROUP_WORDS: Array<[DisciplineGroup, RegExp]> = [
  ['medicine', /医|药|护理|临床|卫生|口腔|中医|康复|病|生物医学|检验/],
  ['economics', /经济|管理|金融|会计|财务|营销|贸易|商|工商|审计|物流|人力资源|税|保险|投资|电子商务/],
  [
    'science',
    /计算机|软件|电子|通信|机械|电气|自动化|土木|建筑|材料|化学|化工|物理|数学|统计|信息|网络|人工智能|数据|工程|能源|环境|农|林|地理|测绘|生物|交通|航空|车辆|理工|技术/,
  ],
];

/** Which family a discipline typed by the user belongs to (人文社科 when nothing matches). */
export function disciplineGroupOf(discipline: string): DisciplineGroup {
  for (const [group, words] of GROUP_WORDS) if (words.test(discipline)) return group;
  return 'humanities';
}

/** Rounds a share of the length to a multiple of 100 within the contract's bounds for a section. */
const roundLength = (n: number) => Math.min(20_000, Math.max(100, Math.round(n / 100) * 100));

export interface OutlineTemplate {
  outline: Outline;
  /** Always 'template': shown as 模板, never as generated text. */
  source: 'template';
  label: string;
}

/** The offline outline for a degree and discipline, its section lengths planned from the target length. */
export function outlineTemplate(degree: Degree, discipline: string, targetLength = DEFAULT_LENGTH[degree]): OutlineTemplate {
  const group = disciplineGroupOf(discipline);
  const label = `${DEGREE_NAMES[degree]}·${DISCIPLINE_GROUP_NAMES[group]}大纲模板（非模型生成，请按研究内容修改）`;
  if (degree === 'journal') {
    const rows = JOURNAL[group];
    const total = rows.reduce((sum, r) => sum + r.weight, 0);
    // A journal paper's parts are written whole: one unit per chapter (its guidance from guidanceFor).
    const chapters = rows.map((r) => ({ heading: r.name, targetLength: roundLength((targetLength * r.weight) / total), sections: [] }));
    return { outline: renumberOutline({ chapters }), source: 'template', label };
  }
  const rank = DEGREE_RANK[degree];
  const rows = TEMPLATES[group].filter((c) => !c.from || rank >= DEGREE_RANK[c.from]);
  const total = rows.reduce((sum, r) => sum + r.weight, 0);
  const chapters = rows.map((row) => {
    const sections = pickSections(row.sections, SECTIONS_PER_CHAPTER[degree]);
    const chapterLength = (targetLength * row.weight) / total;
    const each = roundLength(chapterLength / sections.length);
    return {
      heading: row.name,
      targetLength: each * sections.length,
      sections: sections.map((sec) => ({ heading: sec.name, targetLength: each, points: sec.guidance })),
    };
  });
  return { outline: renumberOutline({ chapters }), source: 'template', label };
}

/** Keeps the first sections up to `max`, always keeping a closing 本章小结 / 论文结构安排 when there is one. */
function pickSections(sections: TemplateSection[], max: number): TemplateSection[] {
  if (sections.length <= max) return sections;
  const last = sections[sections.length - 1];
  const closing = /小结|结构安排/.test(last.name);
  return closing ? [...sections.slice(0, max - 1), last] : sections.slice(0, max);
}

/** Writing guidance for one section of an outline (the points, or the template's general advice). */
export function guidanceFor(points: string[], heading: string): string[] {
  if (points.length > 0) return points;
  const name = stripNumber(heading);
  for (const rows of Object.values(JOURNAL)) for (const r of rows) if (r.name === name) return r.guidance;
  for (const rows of Object.values(TEMPLATES)) {
    for (const c of rows) for (const sec of c.sections) if (sec.name === name) return sec.guidance;
  }
  if (/绪论|引言/.test(heading)) return ['交代背景、问题与意义', '概述研究内容与方法'];
  if (/结论|总结|结语/.test(heading)) return ['概括主要结论', '指出不足与展望'];
  return ['围绕本节标题展开论述', '论断给出依据，引用只用用户提供的参考文献'];
}
