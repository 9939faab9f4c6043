import imageCompression from 'browser-image-compression';
// The compression worker loads the library by URL: this build's own copy, never a CDN's (by default
// browser-image-compression fetches it from jsDelivr, a third-party host, on every compression).
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/** A photo made smaller in the browser before it is uploaded, as JPEG, reporting progress in percent. */
export function compressImage(
  file: File,
  limits: { maxSizeMB: number; maxWidthOrHeight: number; initialQuality?: number },
  onProgress: (percent: number) => void,
): Promise<File> {
  return imageCompression(file, {
    ...limits,
    useWebWorker: true,
    libURL: new URL(compressionLibUrl, document.baseURI).href,
    fileType: 'image/jpeg',
    onProgress,
  });
}
