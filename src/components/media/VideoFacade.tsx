import { useCallback, useRef, useState } from 'react';
import { site } from '@/content/site';
import type { AutoplayRule, SiteVideo } from '@/content/types';
import { cn } from '@/lib/cn';
import { useAutoplayWhenVisible } from './useAutoplayWhenVisible';

export function videoPlayerUrl(video: SiteVideo, { loop = false, muted = false } = {}): string {
  const flags = `autoplay=1&muted=${muted ? 1 : 0}&loop=${loop ? 1 : 0}`;
  return `${site.videoHost}/video/${encodeURIComponent(video.id)}?${flags}&dnt=1&title=0&byline=0&portrait=0`;
}

/**
 * A video behind a facade (DESIGN.md): our poster and a play button, and no request to the video
 * host until the visitor presses play or the autoplay rule fires.
 */
export function VideoFacade({
  video,
  autoplay,
  loop = false,
  priority = false,
  className,
}: {
  video: SiteVideo;
  /** Play on its own once this much of it has been visible for this long (muted, as browsers require). */
  autoplay?: AutoplayRule;
  loop?: boolean;
  /** The poster is the first view's largest picture (a page's hero): fetched at once, first. */
  priority?: boolean;
  className?: string;
}) {
  const [playing, setPlaying] = useState<'pressed' | 'auto' | false>(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const playAutomatically = useCallback(() => setPlaying((now) => now || 'auto'), []);
  useAutoplayWhenVisible(frameRef, playing ? undefined : autoplay, playAutomatically);

  return (
    <div
      ref={frameRef}
      className={cn('relative aspect-video overflow-hidden rounded-xl bg-brand-ink', className)}
    >
      {playing ? (
        <iframe
          src={videoPlayerUrl(video, { loop, muted: playing === 'auto' })}
          title={video.title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 h-full w-full border-0"
        />
      ) : (
        <>
          <img
            src={video.poster}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
          <button
            type="button"
            onClick={() => setPlaying('pressed')}
            className="group absolute inset-0 flex items-center justify-center focus-visible:outline-none"
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-ink shadow-lg transition-transform group-hover:scale-105 group-focus-visible:ring-4 group-focus-visible:ring-ring">
              {/* A plain triangle, drawn here: the icon library's would be a chunk of its own. */}
              <svg aria-hidden viewBox="0 0 24 24" className="ml-1 h-7 w-7 fill-current">
                <path d="M7 4.5v15l12-7.5z" />
              </svg>
            </span>
            <span className="sr-only">Play video: {video.title}</span>
          </button>
        </>
      )}
    </div>
  );
}
