import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { normalisePairingCode } from '#domain/devices/pairing.ts';
import { Button } from '#app/components/button.tsx';

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
 * Scans the other device's QR code with the camera where the browser can read QR codes; elsewhere the
 * button is not offered and the code is typed. Only a valid pairing code is taken.
 */
export function CodeScanner({ onCode }: { onCode: (code: string) => void }) {
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
              const code = codes.map((c) => normalisePairingCode(c.rawValue)).find((c) => c !== null);
              if (code) {
                setScanning(false);
                onCode(code);
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
  }, [scanning, Detector, onCode]);

  if (!Detector) return null;
  return (
    <div className="code-scanner">
      {scanning ? (
        <video ref={video} className="scanner-video" muted playsInline />
      ) : (
        <Button variant="secondary" block onClick={() => setScanning(true)}>
          <Trans>Scan the QR code</Trans>
        </Button>
      )}
      {failed ? (
        <p className="field-hint" role="alert">
          <Trans>The camera could not be opened. Type the code instead.</Trans>
        </p>
      ) : null}
    </div>
  );
}
