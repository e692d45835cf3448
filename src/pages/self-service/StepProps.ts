/** What every self-service step gets: the ticket, its index, and where to go on success. */
export interface StepProps {
  srmi: string;
  active: number;
  /** The server answered the index of the next step; `skipped` when this one was skipped, not done. */
  onDone: (active: number, skipped?: boolean) => void;
  /** Refusals the step does not explain itself (the ticket expired…). */
  onError: (error: unknown) => void;
}
