/** Thrown when the blob store refuses or drops an upload. */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`The upload failed (${status})`);
  }
}

/**
 * PUTs a file straight to its presigned URL. XMLHttpRequest rather than fetch because only it reports
 * upload progress; onProgress gets the fraction sent, 0 to 1.
 */
export function uploadFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.onabort = () => reject(new UploadError(100));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
