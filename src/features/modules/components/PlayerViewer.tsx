import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { PlayerFrame } from './PlayerFrame';

/**
 * An embedded 360 player, 16:9 up to 1920 px wide, with a Close Training button. Mount it only
 * when the user asks: the iframe is the first request to the player host.
 */
export function PlayerViewer({
  src,
  title,
  hint,
  onClose,
}: {
  src: string;
  title: string;
  hint?: string;
  onClose: () => void;
}) {
  const regionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    region.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'nearest' });
  }, [src]);

  return (
    <section ref={regionRef} aria-label={title} className="mx-auto w-full max-w-[1920px]">
      <div className="flex flex-wrap items-center justify-between gap-3 pb-3">
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : <span />}
        <Button type="button" variant="outline" onClick={onClose}>
          <X aria-hidden />
          Close Training
        </Button>
      </div>
      <PlayerFrame src={src} title={title} />
    </section>
  );
}
