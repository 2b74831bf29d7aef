/**
 * A min-queue of (step, stay) pairs in typed arrays, for the steps at which
 * something is next due (the event-driven simulation's run ends), ordered by
 * step, then stay.
 */
export class StepQueue {
  private steps: Int32Array = new Int32Array(64);
  private stays: Int32Array = new Int32Array(64);
  private size = 0;

  /** The earliest step queued (Infinity when empty). */
  get nextStep(): number {
    return this.size === 0 ? Infinity : this.steps[0]!;
  }

  push(step: number, stay: number): void {
    if (this.size === this.steps.length) {
      this.steps = grown(this.steps);
      this.stays = grown(this.stays);
    }
    const { steps, stays } = this;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (steps[parent]! < step || (steps[parent] === step && stays[parent]! <= stay)) break;
      steps[at] = steps[parent]!;
      stays[at] = stays[parent]!;
      at = parent;
    }
    steps[at] = step;
    stays[at] = stay;
  }

  /** Takes the earliest pair off and returns its stay. */
  popStay(): number {
    const { steps, stays } = this;
    const top = stays[0]!;
    const size = --this.size;
    const lastStep = steps[size]!;
    const lastStay = stays[size]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (
        right < size &&
        (steps[right]! < steps[child]! || (steps[right] === steps[child] && stays[right]! < stays[child]!))
      )
        child = right;
      if (steps[child]! > lastStep || (steps[child] === lastStep && stays[child]! >= lastStay)) break;
      steps[at] = steps[child]!;
      stays[at] = stays[child]!;
      at = child;
    }
    if (size > 0) {
      steps[at] = lastStep;
      stays[at] = lastStay;
    }
    return top;
  }

  clear(): void {
    this.size = 0;
  }
}

function grown(values: Int32Array): Int32Array {
  const bigger = new Int32Array(values.length * 2);
  bigger.set(values);
  return bigger;
}
