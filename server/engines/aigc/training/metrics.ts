/** Area under the ROC curve (ties counted half), labels 1 = positive (machine). */
export function auroc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const idx = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j < idx.length && scores[idx[j]] === scores[idx[i]]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (labels[idx[k]] === 1) rankSum += rank;
    i = j;
  }
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === 1) pos++;
    else neg++;
  }
  if (!pos || !neg) return NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** True-positive rate at the strictest threshold whose false-positive rate is at most `fpr`. */
export function tprAtFpr(scores: ArrayLike<number>, labels: ArrayLike<number>, fpr: number): number {
  const negatives: number[] = [];
  const positives: number[] = [];
  for (let i = 0; i < scores.length; i++) (labels[i] === 1 ? positives : negatives).push(scores[i]);
  negatives.sort((a, b) => b - a);
  const allowed = Math.floor(fpr * negatives.length);
  // Flag scores strictly above the (allowed+1)-th highest negative.
  const cut = negatives.length > allowed ? negatives[allowed] : -Infinity;
  return positives.filter((s) => s > cut).length / Math.max(1, positives.length);
}

/** Share of scores at or above the threshold. */
export function flaggedRate(scores: ArrayLike<number>, threshold: number): number {
  let n = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i] >= threshold) n++;
  return scores.length ? n / scores.length : 0;
}
