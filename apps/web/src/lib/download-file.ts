/**
 * Hands a file to the browser's downloads (the "save" on desktop, the downloads or share sheet on
 * phones), as a hidden link to it clicked once.
 */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; it is freed a little later for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
