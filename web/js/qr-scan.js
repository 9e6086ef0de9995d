// Reading a QR code with the device's camera: the host scans a guest's answer instead of
// pasting it. The browser's own BarcodeDetector reads it where there is one (Chrome on Android
// and macOS); elsewhere jsQR (npm, Apache-2.0, no dependencies), vendored under vendor/jsqr by
// the build, is loaded on first use only (251 KiB, 57 KiB gzipped).

/**
 * What reads the QR code in one frame: its text, or null.
 * @typedef {(frame: HTMLCanvasElement) => Promise<string | null>} Reader
 */

/** @type {Promise<Reader> | null} */
let loading = null;

/** The browser's detector where it reads QR codes, else jsQR's. */
export function loadReader() {
  loading ??= readerOf(globalThis).catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * @param {any} scope the page's global scope (a test passes its own)
 * @returns {Promise<Reader>}
 */
async function readerOf(scope) {
  const Detector = scope.BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.())?.includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const jsQR = await loadJsQr();
  return async (frame) => {
    const context = /** @type {CanvasRenderingContext2D} */ (frame.getContext("2d", { willReadFrequently: true }));
    const { data, width, height } = context.getImageData(0, 0, frame.width, frame.height);
    return jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** jsQR, as its script sets it on the page (a classic script: it is no ES module). */
function loadJsQr() {
  /** @type {any} */
  const scope = globalThis;
  if (scope.jsQR) return Promise.resolve(scope.jsQR);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("../vendor/jsqr/jsQR.js", import.meta.url).href;
    script.onload = () => (scope.jsQR ? resolve(scope.jsQR) : reject(new Error("jsQR did not load")));
    script.onerror = () => {
      script.remove();
      reject(new Error("jsQR did not load"));
    };
    document.head.append(script);
  });
}

/**
 * Watch the camera in `video` until a frame shows a QR code that `wanted` accepts; resolves to
 * its text, or to null once `stop` is called. The camera is released either way.
 * @param {HTMLVideoElement} video @param {(text: string) => boolean} wanted
 * @param {{reader: Reader, camera?: () => Promise<MediaStream>, everyMs?: number}} options
 * @returns {{found: Promise<string | null>, stop: () => void}}
 */
export function scanQr(video, wanted, { reader, camera = backCamera, everyMs = 200 }) {
  let stopped = false;
  /** @type {() => void} */
  let wake = () => {};
  const stop = () => {
    stopped = true;
    wake();
  };
  const found = (async () => {
    const stream = await camera();
    try {
      video.srcObject = stream;
      video.muted = true;
      video.playsInline = true;
      await video.play();
      const frame = document.createElement("canvas");
      while (!stopped) {
        if (video.videoWidth > 0) {
          frame.width = video.videoWidth;
          frame.height = video.videoHeight;
          /** @type {CanvasRenderingContext2D} */ (frame.getContext("2d", { willReadFrequently: true })).drawImage(video, 0, 0);
          const text = await reader(frame);
          if (text !== null && wanted(text)) return text;
        }
        await new Promise((resolve) => {
          wake = () => resolve(undefined);
          setTimeout(resolve, everyMs);
        });
      }
      return null;
    } finally {
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    }
  })();
  return { found, stop };
}

/** The camera that faces away from the person, where there are two. */
function backCamera() {
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
}
