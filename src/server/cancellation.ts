import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

export function cancelledError(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}

/**
 * Answers a request as soon as the client cancels it instead of when the work finishes; the work itself
 * (an engine build other requests may share) runs on, and its result is dropped.
 */
export function untilCancelled<T>(work: Promise<T>, token: CancellationToken): Promise<T> {
  if (token.isCancellationRequested) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const subscription = token.onCancellationRequested(() => {
      subscription.dispose();
      reject(cancelledError());
    });
    work.then(
      (value) => {
        subscription.dispose();
        resolve(value);
      },
      (err: unknown) => {
        subscription.dispose();
        reject(err);
      },
    );
  });
}
