/**
 * A generated organisation for the directory-sync tests and bench: people spread over OUs (a
 * third of them nested under another), groups of names with one nested group and one group of
 * unique names. Entries load with one ldapadd.
 */
export interface OrgShape {
  people: number;
  ous: number;
  groups: number;
}

export const ou = (i: number, base: string): string =>
  i < 10 ? `ou=unit-${pad(i, 2)},ou=org,${base}` : `ou=unit-${pad(i, 2)},${ou(i % 10, base)}`;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const account = (i: number) => `d${pad(i, 5)}`;
export const personDn = (i: number, shape: OrgShape, base: string) => `uid=${account(i)},${ou(i % shape.ous, base)}`;
export const groupDn = (g: number, base: string) => `cn=team-${pad(g, 2)},ou=groups,${base}`;

export function organisationLdif(shape: OrgShape, base: string): string {
  const out: string[] = [`dn: ou=org,${base}\nobjectClass: organizationalUnit\nou: org\n`, `dn: ou=groups,${base}\nobjectClass: organizationalUnit\nou: groups\n`];
  // Parents before children: units 0–9 under ou=org, the others under one of those.
  for (let i = 0; i < shape.ous; i++) out.push(`dn: ${ou(i, base)}\nobjectClass: organizationalUnit\nou: unit-${pad(i, 2)}\n`);
  for (let i = 0; i < shape.people; i++) {
    out.push(`dn: ${personDn(i, shape, base)}\nobjectClass: inetOrgPerson\nuid: ${account(i)}\ncn: Person ${i}\nsn: ${i}\nmail: ${account(i)}@corp.example.com\n${i % 20 === 0 ? `mobile: 139${pad(i, 8)}\n` : ''}`);
  }
  for (let g = 0; g < shape.groups; g++) {
    const members = [];
    for (let i = g; i < shape.people; i += shape.groups) members.push(personDn(i, shape, base));
    // team-00 holds team-01 (nested: its members count as team-00's); the last group is a groupOfUniqueNames.
    if (g === 0) members.push(groupDn(1, base));
    const unique = g === shape.groups - 1;
    out.push(`dn: ${groupDn(g, base)}\nobjectClass: ${unique ? 'groupOfUniqueNames' : 'groupOfNames'}\ncn: team-${pad(g, 2)}\n${members.map((m) => `${unique ? 'uniqueMember' : 'member'}: ${m}\n`).join('')}`);
  }
  return out.join('\n');
}
