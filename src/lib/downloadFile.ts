/**
 * Hands a file made in the browser to the user as a download (a CSV export, the data download's
 * zip), named `fileName`.
 */
export function downloadFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file; revoking during the click can cancel it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
