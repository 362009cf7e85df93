/** Saves a file through the browser's download (an exported chart, a CSV of test paths). */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a file (an exported SVG, a CSV of test paths). */
export function downloadText(filename: string, text: string, type: string) {
  downloadBlob(filename, new Blob([text], { type }));
}

/** A title as a file name: the characters file systems refuse become "_". */
export const fileNameOf = (title: string) => title.replace(/[\\/:*?"<>|]+/g, '_').trim();
