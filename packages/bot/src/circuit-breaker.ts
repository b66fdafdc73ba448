/**
 * Stops calling a model that keeps failing or timing out: after `failures` in a row it is skipped for
 * `cooldownMs` (the offline composer answers at once), then tried again.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;
  constructor(
    readonly failures = 3,
    readonly cooldownMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}
  get open(): boolean {
    return this.now() < this.openUntil;
  }
  success(): void {
    this.consecutive = 0;
  }
  failure(): void {
    this.consecutive++;
    if (this.consecutive >= this.failures) {
      this.openUntil = this.now() + this.cooldownMs;
      this.consecutive = 0;
    }
  }
}
