/** Distinguished names compared as LDAP servers do for our purposes: case and spaces around commas do not matter. */

/** Splits at commas that are not escaped (`cn=Doe\, John,ou=people` has two parts). */
function parts(dn: string): string[] {
  return dn.split(/(?<!\\),/).map((p) => p.trim()).filter(Boolean);
}

export function normDn(dn: string): string {
  return parts(dn).join(',').toLowerCase();
}

/** The entry above a normalised DN (normDn), or null at the top. */
export function parentDn(dn: string): string | null {
  const comma = /(?<!\\),/.exec(dn);
  return comma ? dn.slice(comma.index + 1) : null;
}

/** `uniqueMember` values may end in `#'0101'B` (an optional unique identifier): the DN is before it. */
export function memberDn(value: string): string {
  return normDn(value.replace(/#'[01]*'B$/, ''));
}

/** AD's objectGUID (16 bytes, the first three fields little-endian) in its usual text form. */
export function guidText(bytes: Buffer): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const slice = [...bytes.subarray(from, to)];
    return (reverse ? slice.reverse() : slice).map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return `${hex(0, 4, true)}-${hex(4, 6, true)}-${hex(6, 8, true)}-${hex(8, 10, false)}-${hex(10, 16, false)}`;
}
