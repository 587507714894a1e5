// What a worker's presence job last saw of its region, held in memory for the check job: it
// claims region runs only when its region has some, so a single-region installation (no rows)
// skips two queries per claim. A monitor given a region that had no runs waits at most a
// heartbeat (5 s) for its first run there.
//
// The live regions are not taken from here for the quorum: a view a heartbeat old can miss a
// region that just joined, and one failing region would then make the quorum on its own.
export class RegionView {
  #runsHere = true;

  /** Recorded by the presence job after each heartbeat. */
  saw(runsHere: boolean): void {
    this.#runsHere = runsHere;
  }

  /** Whether this worker's region had runs at the last heartbeat; assumed so before the first. */
  get runsHere(): boolean {
    return this.#runsHere;
  }
}
