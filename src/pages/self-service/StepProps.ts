/** What every self-service step gets: the ticket, its index, and where to go on success. */
export interface StepProps {
  srmi: string;
  active: number;
  /** The server answered the index of the next step. */
  onDone: (active: number) => void;
  /** Refusals the step does not explain itself (the ticket expired…). */
  onError: (error: unknown) => void;
}
