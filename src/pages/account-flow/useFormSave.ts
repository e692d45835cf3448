import type { FormInstance } from 'antd';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import type { Declared, Input, Result } from '../../shared/providers/api';

interface Options<S extends Declared> {
  /** Refusals not under a field (toasted, or E00013, which nobody shows): the page starts again or leaves. */
  onError?: (error: unknown) => void;
  /** The success toast, if the save has one. */
  success?: string | ((answer: Result<S>) => string);
}

/**
 * A form's save through its declared endpoint (Refine's custom mutation, whose pending state
 * the submit button shows): a refusal the form explains goes under its field (`fields`), any
 * other is the hook's toast and goes to onError too.
 */
export function useFormSave<S extends Declared>(endpoint: S, form: FormInstance, fields: FieldRefusals, { onError, success }: Options<S> = {}) {
  const mutation = useEndpointMutation(endpoint, { quiet: explainedCodes(fields), success });
  /**
   * Saves `input` (awaited first: passwords are encrypted on the way) and hands the answer to
   * onSaved; resolves whether it was saved.
   */
  async function run(input: Input<S> | Promise<Input<S>>, onSaved: (answer: Result<S>) => void): Promise<boolean> {
    let answer: Result<S>;
    try {
      answer = await mutation.submit(await input);
    } catch (error) {
      if (!showOnField(form, fields, error)) onError?.(error);
      return false;
    }
    onSaved(answer);
    return true;
  }
  return { run, saving: mutation.isPending };
}
