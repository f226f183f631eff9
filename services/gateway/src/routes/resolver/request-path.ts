import { aiDefinition, GS1_CONVENIENCE_ALPHAS, hasValidCheckDigit, parseDigitalLink } from '@product-console/shared';

/** A Digital Link request path at the root, checked and put in canonical form. */
export interface DigitalLinkPath {
  /** Key of the API record: `/01/09506000134352` (GTIN-8/12/13 padded to 14 digits). */
  entryPath: string;
  /** The canonical path of the request URI, primary key and qualifiers, percent-encoded. */
  path: string;
  /** Qualifier paths from the most to the least specific, the last one '' (the entry itself). */
  levels: readonly string[];
}

export interface PathProblem {
  /** Why the path is not a GS1 Digital Link URI, for API clients (`details` of the 400). */
  reason: string;
}

export type ParsedPath = DigitalLinkPath | PathProblem;

export const isProblem = (parsed: ParsedPath): parsed is PathProblem => 'reason' in parsed;

/**
 * GS1 convenience alphas (`/gtin/...`): not accepted by this resolver, which answers them 400 so
 * scanners learn the numeric form. Sign-up refuses them as service names.
 */
export const CONVENIENCE_ALPHAS = GS1_CONVENIENCE_ALPHAS;

const GTIN_SHORT = /^(\d{8}|\d{12}|\d{13})$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Why a value does not fit its AI, or null when it does. */
function valueProblem(ai: string, value: string): string | null {
  const definition = aiDefinition(ai);
  if (!definition) return `unknown application identifier ${ai}`;
  if (value.length < definition.minLength || value.length > definition.maxLength) {
    const length = definition.minLength === definition.maxLength ? `${definition.minLength}` : `${definition.minLength} to ${definition.maxLength}`;
    return `the value of AI ${ai} must have ${length} characters`;
  }
  if (definition.charset === 'N' && !/^\d+$/.test(value)) return `the value of AI ${ai} must be digits`;
  if (definition.charset !== 'N' && !/^[\x21-\x7e]+$/.test(value)) return `the value of AI ${ai} has characters GS1 does not allow`;
  if (definition.checkDigit && !hasValidCheckDigit(value.slice(0, definition.minLength))) return `the check digit of AI ${ai} is wrong`;
  return null;
}

/**
 * Parses the path of a request at the root (`/01/{gtin}[/22/..][/10/..][/21/..]`, `/414/...`):
 * the primary key must be the first segment, qualifiers must belong to it and follow its order,
 * values must fit their AI (length, characters, check digit). One trailing slash is tolerated.
 * The shared parser has the last word; the checks before it only name the reason.
 */
export function parseRequestPath(rawPath: string): ParsedPath {
  const trimmed = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const segments = trimmed.slice(1).split('/');
  if (segments.length % 2 !== 0 || segments.some((segment) => segment === '')) {
    return { reason: 'the path must be pairs of application identifier and value' };
  }
  const elements: { ai: string; value: string }[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    const value = decode(segments[i + 1]);
    if (value === null) return { reason: 'the path is not percent-encoded correctly' };
    elements.push({ ai: segments[i], value });
  }
  const [primary, ...qualifiers] = elements;
  const definition = aiDefinition(primary.ai);
  if (!definition?.primaryKey) return { reason: `${primary.ai} is not the application identifier of a GS1 primary key` };
  if (primary.ai === '01' && GTIN_SHORT.test(primary.value)) primary.value = primary.value.padStart(14, '0');
  const primaryProblem = valueProblem(primary.ai, primary.value);
  if (primaryProblem) return { reason: primaryProblem };
  let position = -1;
  for (const qualifier of qualifiers) {
    const index = definition.qualifiers.indexOf(qualifier.ai);
    if (index === -1) return { reason: `AI ${qualifier.ai} is not a qualifier of AI ${primary.ai}` };
    if (index <= position) return { reason: `qualifiers of AI ${primary.ai} must come in the order ${definition.qualifiers.join(', ')}` };
    const problem = valueProblem(qualifier.ai, qualifier.value);
    if (problem) return { reason: problem };
    position = index;
  }

  const path = elements.map(({ ai, value }) => `/${ai}/${encodeURIComponent(value)}`).join('');
  const parsed = parseDigitalLink(`https://resolver.invalid${path}`);
  if (!parsed || parsed.primary.ai !== primary.ai || parsed.qualifiers.length !== qualifiers.length) {
    return { reason: 'not a GS1 Digital Link URI' };
  }
  const levels: string[] = [];
  for (let count = qualifiers.length; count >= 0; count -= 1) {
    levels.push(qualifiers.slice(0, count).map(({ ai, value }) => `/${ai}/${value}`).join(''));
  }
  return { entryPath: `/${primary.ai}/${primary.value}`, path, levels };
}

const MEMO_LIMIT = 10_000;

/**
 * parseRequestPath with a bounded memo by raw path: a product's code is scanned again and again,
 * and a scan should not pay for the parse each time. Emptied when full (probes cannot grow it).
 */
export function createPathParser(): (rawPath: string) => ParsedPath {
  const memo = new Map<string, ParsedPath>();
  return (rawPath) => {
    let parsed = memo.get(rawPath);
    if (parsed === undefined) {
      parsed = parseRequestPath(rawPath);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(rawPath, parsed);
    }
    return parsed;
  };
}
