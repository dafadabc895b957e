import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** The canvas's drawing size (its look scales with the page; the PNG keeps this size). */
export const PAD_WIDTH = 600;
export const PAD_HEIGHT = 200;

/**
 * Where the signer draws the signature, with the finger, a pen or the mouse (pointer events;
 * `touch-action: none` keeps a finger from scrolling the page). Each stroke that ends hands out
 * the drawing as a PNG (`canvas.toDataURL('image/png')`); "Borrar" clears it and hands out null.
 */
export function SignaturePad({ id, invalid, describedBy, disabled = false, onChange }: { id: string; invalid?: boolean; describedBy?: string; disabled?: boolean; onChange(signature: string | null): void }) {
  const { t } = useTranslation(NAMESPACE);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1e1e2d';
    context.fillStyle = '#1e1e2d';
  }, []);

  /** The pointer's position in the canvas's own pixels. */
  function point(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = box.width ? PAD_WIDTH / box.width : 1;
    const scaleY = box.height ? PAD_HEIGHT / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = point(event);
    last.current = at;
    // a tap leaves a dot
    const context = event.currentTarget.getContext('2d');
    context?.beginPath();
    context?.arc(at.x, at.y, 1.5, 0, Math.PI * 2);
    context?.fill();
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    event.preventDefault();
    const at = point(event);
    const context = event.currentTarget.getContext('2d');
    context?.beginPath();
    context?.moveTo(last.current.x, last.current.y);
    context?.lineTo(at.x, at.y);
    context?.stroke();
    last.current = at;
  }

  function end(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    last.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    onChange(event.currentTarget.toDataURL('image/png'));
  }

  function clear() {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    last.current = null;
    onChange(null);
  }

  return (
    <div className="agreements-signature">
      <canvas
        ref={canvas}
        id={id}
        className="agreements-signature__pad"
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-label={t('sign.signature.pad')}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <button type="button" className="vk-btn vk-btn--light" disabled={disabled} onClick={clear}>
        {t('sign.signature.clear')}
      </button>
    </div>
  );
}
