/**
 * One database read shared by the requests that need it at the same moment, without any of them getting an answer
 * older than its own arrival (so the stamps of decision 014 still never hide a change that was committed before a
 * request came in, in any process).
 *
 * A caller starts a read when none of its key is under way. A caller that comes while one is under way cannot use
 * it (it may have begun before a change this caller must see), so it waits for the next one, which starts when the
 * current one ends and is shared by everyone who came in the meantime. Under load a stamp is then read about twice
 * per round trip instead of once per request; alone, a request reads it once, as before.
 */
export class SharedRead<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly next = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    const running = this.running.get(key);
    if (running === undefined) return this.start(key);
    let next = this.next.get(key);
    if (next === undefined) {
      // `running` settles first (start's handler was attached before this one), so the next read begins after it.
      next = running.then(ignore, ignore).then(() => {
        this.next.delete(key);
        return this.start(key);
      });
      this.next.set(key, next);
    }
    return next;
  }

  private start(key: K): Promise<V> {
    const read = this.read(key);
    this.running.set(key, read);
    const done = () => {
      if (this.running.get(key) === read) this.running.delete(key);
    };
    read.then(done, done);
    return read;
  }
}

const ignore = () => undefined;
