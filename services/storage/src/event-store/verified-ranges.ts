/**
 * The positions whose links a store has verified, as merged intervals. An event never changes once written (the
 * table's triggers refuse it; only the owner could switch them off, and `audit:verify` re-walks the raw log), so a
 * link checked once in this process need not be hashed again: the projections of one process read the same batches,
 * and all but the first read them as verified.
 */
export class VerifiedRanges {
  /** Disjoint, sorted, not adjacent: [from, to] inclusive. */
  private readonly ranges: Array<[number, number]> = [];

  /** The last position of the verified run that holds `position`, or undefined when `position` is not verified. */
  endOf(position: number): number | undefined {
    let low = 0;
    let high = this.ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [from, to] = this.ranges[middle]!;
      if (position < from) high = middle - 1;
      else if (position > to) low = middle + 1;
      else return to;
    }
    return undefined;
  }

  add(from: number, to: number): void {
    if (to < from) return;
    let start = from;
    let end = to;
    const kept: Array<[number, number]> = [];
    for (const range of this.ranges) {
      if (range[1] < start - 1 || range[0] > end + 1) kept.push(range);
      else {
        start = Math.min(start, range[0]);
        end = Math.max(end, range[1]);
      }
    }
    kept.push([start, end]);
    kept.sort((a, b) => a[0] - b[0]);
    this.ranges.splice(0, this.ranges.length, ...kept);
  }
}
