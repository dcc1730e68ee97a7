/** Abort controllers of the runs executing in this process, so a cancel request can reach them. */
export class CancellationRegistry {
  private readonly controllers = new Map<string, AbortController>();

  /** The run's abort signal: registered once (a run queued here keeps it when it starts executing). */
  register(runId: string): AbortSignal {
    let controller = this.controllers.get(runId);
    if (!controller) {
      controller = new AbortController();
      this.controllers.set(runId, controller);
    }
    return controller.signal;
  }

  /** True when the run was executing here and is now told to stop. */
  cancel(runId: string): boolean {
    const controller = this.controllers.get(runId);
    if (!controller || controller.signal.aborted) return false;
    controller.abort();
    return true;
  }

  /** The runs executing here now. */
  runningIds(): ReadonlySet<string> {
    return new Set(this.controllers.keys());
  }

  isRunning(runId: string): boolean {
    return this.controllers.has(runId);
  }

  release(runId: string): void {
    this.controllers.delete(runId);
  }
}
