/** The largest side of a profile picture, in pixels. */
export const PROFILE_IMAGE_MAX_SIDE = 256;
/** The API accepts data URLs up to this many characters. */
const MAX_DATA_URL_LENGTH = 2_000_000;

/**
 * Reads an image file, scales it down (never up) so neither side exceeds `maxSide`, and answers a data URL
 * small enough for the API: PNG when it fits, else JPEG.
 */
export async function resizeImageToDataUrl(file: File, maxSide = PROFILE_IMAGE_MAX_SIDE): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('Choose an image file (PNG, JPEG, WebP or GIF).');
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const element = new Image();
      element.onload = () => resolve(element);
      element.onerror = () => reject(new Error('This file could not be read as an image.'));
      element.src = url;
    });
    const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot resize images.');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = canvas.toDataURL('image/png');
    if (png.length <= MAX_DATA_URL_LENGTH) return png;
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    URL.revokeObjectURL(url);
  }
}
