import type { SiftMatch, SiftMatchesRepository } from './sift-matches.repository.js';

/** Sifts: line-ups of channels with keyword rules (SPEC §3, §7 "Sifts"; decisions/010, 011). */
export class SiftsService {
  constructor(private readonly matches: SiftMatchesRepository) {}

  /**
   * New videos were stored (a channel refresh, an import): each sift that has their channel evaluates them, and
   * the matches join its feed. Returns the new matches (for notifications).
   */
  onVideosArrived(videoIds: number[]): Promise<SiftMatch[]> {
    return this.matches.matchArrivedVideos([...new Set(videoIds)]);
  }
}
