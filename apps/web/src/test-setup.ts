import { cleanup, configure } from '@testing-library/react';
import { installValidationMessages } from '@liftoff/contracts/validation-messages';
import { afterEach } from 'vitest';

// Screens load lazily; on a busy two-core CI machine the first lazy chunk can take well over the
// default one second to transform, so findBy* waits up to ten.
configure({ asyncUtilTimeout: 10_000 });

// As main.tsx does, so forms show the same field messages as in the browser.
installValidationMessages();

// jsdom's Blob lacks text() and arrayBuffer(), which every browser has. On Node 24 and later fetch's
// Response.blob() builds the global Blob, which here is jsdom's, so read it through jsdom's FileReader.
function readBlob<T>(blob: Blob, read: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    read(reader);
  });
}
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return readBlob<string>(this, (reader) => reader.readAsText(this));
  };
}
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return readBlob<ArrayBuffer>(this, (reader) => reader.readAsArrayBuffer(this));
  };
}

// jsdom has no PointerEvent, which every browser has: Base UI's buttons turn Enter and Space into a click made as
// one (a MouseEvent with the pointer's fields is what jsdom can dispatch).
if (typeof window.PointerEvent !== 'function') {
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? '';
    }
  }
  window.PointerEvent = PointerEvent as unknown as typeof window.PointerEvent;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
