import { useEffect, useRef } from 'react';
import { preferences } from '../lib/storage';

export interface PlainPlayerProps {
  src: string;
  poster?: string;
  /** Accessible name, e.g. "Video player: <title>". */
  label: string;
  autoPlay?: boolean;
}

/**
 * For now a plain HTML5 player (the full player engine is a later issue). It restores and saves the volume and
 * mute preferences (SPEC §3: currentVideoVolume 0–100, default 100; currentVideoMuted).
 */
export function PlainPlayer({ src, poster, label, autoPlay = true }: PlainPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.volume = Math.min(1, Math.max(0, preferences.get('currentVideoVolume') / 100));
    video.muted = preferences.get('currentVideoMuted');
    const onVolume = () => {
      preferences.set('currentVideoVolume', Math.round(video.volume * 100));
      preferences.set('currentVideoMuted', video.muted);
    };
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video || !autoPlay) return;
    // Browsers refuse autoplay with sound without a user gesture (e.g. a /watch link opened directly); the
    // controls stay there to start it by hand, so the refusal is not an error.
    video.play()?.catch(() => {});
  }, [src, autoPlay]);

  return (
    <video
      ref={ref}
      className="player-video"
      src={src}
      poster={poster}
      controls
      autoPlay={autoPlay}
      playsInline
      preload="metadata"
      aria-label={label}
    />
  );
}
