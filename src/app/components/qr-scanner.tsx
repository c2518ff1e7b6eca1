import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';

/** The Shape Detection API's barcode reader (Chromium on Android and ChromeOS; not in TypeScript's DOM). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const candidate = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return candidate && typeof navigator.mediaDevices?.getUserMedia === 'function' ? candidate : null;
}

/**
 * Reads a QR code with the camera where the browser can (elsewhere the button is not offered and the
 * value is typed or pasted). Only what `accept` turns into a value is taken: a pairing code, an address.
 */
export function QrScanner({
  accept,
  onValue,
  label,
  failedText,
}: {
  accept: (raw: string) => string | null;
  onValue: (value: string) => void;
  label: ReactNode;
  failedText: ReactNode;
}) {
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (!video.current) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        timer = setInterval(() => {
          if (!video.current) return;
          detector.detect(video.current).then(
            (codes) => {
              const value = codes.map((c) => accept(c.rawValue)).find((v) => v !== null);
              if (value) {
                setScanning(false);
                onValue(value);
              }
            },
            // A frame that is not ready yet: the next one is tried.
            () => undefined,
          );
        }, 300);
      })
      .catch(() => {
        setFailed(true);
        setScanning(false);
      });
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, Detector, accept, onValue]);

  if (!Detector) return null;
  return (
    <div className="code-scanner">
      {scanning ? (
        <video ref={video} className="scanner-video" muted playsInline />
      ) : (
        <Button variant="secondary" block onClick={() => setScanning(true)}>
          {label}
        </Button>
      )}
      {failed ? (
        <p className="field-hint" role="alert">
          {failedText}
        </p>
      ) : null}
    </div>
  );
}
