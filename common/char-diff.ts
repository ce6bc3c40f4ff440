export type DiffPiece = { kind: 'same' | 'removed' | 'added'; text: string };

/**
 * Character diff of a paragraph and its rewrite (longest common subsequence), for highlighting what
 * changed; very long pairs are shown as one replacement rather than stalling the page.
 */
export function diffChars(before: string, after: string): DiffPiece[] {
  const a = Array.from(before);
  const b = Array.from(after);
  if (a.length * b.length > 2_000_000) return [{ kind: 'removed', text: before }, { kind: 'added', text: after }].filter((p) => p.text) as DiffPiece[];
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const pieces: DiffPiece[] = [];
  const push = (kind: DiffPiece['kind'], ch: string) => {
    const last = pieces[pieces.length - 1];
    if (last && last.kind === kind) last.text += ch;
    else pieces.push({ kind, text: ch });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i]);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) push('removed', a[i++]);
    else push('added', b[j++]);
  }
  while (i < n) push('removed', a[i++]);
  while (j < m) push('added', b[j++]);
  return pieces;
}
