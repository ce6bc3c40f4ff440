/**
 * A download's file name, as the server names the file too: the title without characters a file system
 * reserves (at most 60), or `fallback` when nothing is left, then `-suffix` when given, then the extension.
 */
export function fileNameOf(title: string, extension: string, options: { suffix?: string; fallback?: string } = {}): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || (options.fallback ?? '论文')}${options.suffix ? `-${options.suffix}` : ''}.${extension}`;
}

/** Saves a fetched file (a download answered with the bearer token) under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
