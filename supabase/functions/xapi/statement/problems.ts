/**
 * xapi-validation's findings as sentences a client developer can act on: where (the property path)
 * and what (from the kind of finding; the package's own messages are all "Validation Error").
 */
interface Finding {
  path: string[];
  constructor: { name: string };
  typeName?: string;
  keys?: string[];
}

const explanations: Record<string, string> = {
  RequiredWarning: 'is required',
  IfiCountWarning: 'must have exactly one of mbox, mbox_sha1sum, openid or account',
  NoIfiWarning: 'must have one of mbox, mbox_sha1sum, openid or account',
  NoMembersWarning: 'must list its members when it has no identifier',
  MembersLengthWarning: 'must have exactly two members',
  MembersTypeWarning: 'must have Agents as its members',
  ObjectTypeWarning: 'has an objectType that is not allowed here',
  ContextPropWarning: 'may have context revision and platform only when its object is an Activity',
  VoidWarning: 'voids a statement, so its object must be a StatementRef',
  SubStatementWarning: 'is a SubStatement, which cannot contain another SubStatement',
  InvalidComponentsWarning: 'has interaction components that its interactionType does not allow',
  MissingInteractionTypeWarning: 'has interaction components without an interactionType',
  MinMoreThanMaxWarning: 'has a min score above its max',
  RawLessThanMinWarning: 'has a raw score below its min',
  RawMoreThanMaxWarning: 'has a raw score above its max',
  RestrictedValueWarning: 'has a value that is not allowed',
  SignedContentTypeWarning:
    'is a signature attachment, whose contentType must be application/octet-stream',
};

function describe(finding: Finding): string {
  const kind = finding.constructor.name;
  if (kind === 'TypeWarning') {
    return finding.typeName ? `must be a valid ${finding.typeName}` : 'has the wrong type';
  }
  if (kind === 'RestrictedKeysWarning') {
    const keys = finding.keys?.length ? `: ${finding.keys.join(', ')}` : '';
    return `has properties xAPI 1.0.3 does not define here${keys}`;
  }
  return explanations[kind] ?? 'is not valid';
}

export function problemText(findings: Finding[]): string {
  return findings
    .slice(0, 5)
    .map((finding) => `${finding.path.join('.')} ${describe(finding)}`)
    .join('; ');
}
