/** The largest canvas side browsers draw reliably; a huge chart is exported at a smaller scale. */
const MAX_CANVAS_SIDE = 8000;

/**
 * A standalone SVG (diagram-svg.ts draws its styles inline) as a PNG: drawn as an image onto a canvas
 * at twice its size, so the text stays sharp when the picture is pasted into a document.
 */
export async function svgToPng(svg: string, size: { width: number; height: number }): Promise<Blob> {
  const scale = Math.min(2, MAX_CANVAS_SIDE / Math.max(size.width, size.height, 1));
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(size.width * scale);
    canvas.height = Math.ceil(size.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
