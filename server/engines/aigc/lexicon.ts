// Word lists behind the interpretable features. Each list is short and written for this repository: it
// names habits of chat-model Chinese (ordered connectives, hedges, closing formulas) and of human writing
// (modal particles, colloquial marks), so a flagged sentence can say in words what pushed it up.

/** Ordering and linking words chat models lean on to make an answer look structured. */
export const CONNECTIVES = [
  '首先', '其次', '再次', '最后', '此外', '另外', '同时', '总之', '综上', '综上所述', '总而言之', '总的来说',
  '因此', '然而', '不过', '并且', '而且', '以及', '从而', '进而', '例如', '比如', '换句话说', '也就是说',
  '与此同时', '除此之外', '另一方面', '一方面', '值得注意的是', '需要注意的是', '由此可见', '可以看出',
];

/**
 * Set phrases of assistant answers: hedges, advice formulas, disclaimers, closings. Ordinary academic words
 * (进行, 提高, 相关 ...) are left out on purpose: a student using them is no sign of a machine.
 */
export const TEMPLATES = [
  '作为一个', '人工智能', '语言模型', '很抱歉', '抱歉', '我无法', '无法提供', '希望对你有', '希望对您有', '希望能帮',
  '建议您', '建议你', '您可以', '你可以', '请注意', '需要注意', '一般来说', '通常情况下', '具体来说', '具体而言',
  '取决于', '在一定程度上', '非常重要', '至关重要', '起到了', '发挥着', '有助于', '不同的人',
];

/** Modal particles and marks of spoken, informal writing: rare in chat-model output (marks as normalised: full-width). */
export const COLLOQUIAL = ['吧', '呢', '啊', '嘛', '呀', '哦', '哈', '啦', '咯', '呗', '哇', '嗯', '噢', '喔', '~', '～', '。。。', '…', '！！', '？？'];

/** High-frequency function words whose rates differ between the two kinds of writing. */
export const FUNCTION_WORDS = ['的', '了', '是', '在', '和', '与', '及', '对', '将', '被', '把', '也', '都', '就', '还', '很', '我', '你', '您', '他', '这', '那', '其', '之', '所'];
