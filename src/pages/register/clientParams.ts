/**
 * A registration link from an application carries its client id and secret together: which
 * one the link is missing, or null when both or neither are there.
 */
export function missingClientPart(params: URLSearchParams): 'clientId' | 'clientSecret' | null {
  const id = !!params.get('clientId');
  const secret = !!params.get('clientSecret');
  if (id && !secret) return 'clientSecret';
  if (secret && !id) return 'clientId';
  return null;
}
