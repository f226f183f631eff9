import { sql, type SQL } from 'drizzle-orm';
import { PLACE_DEPTH_MAX } from '@product-console/shared';
import type { Comparator, Condition, ExtensionTest, NumericComparison, SensorCondition } from './query-params.js';

/*
 * Conditions of a parsed query as SQL over `epcis_events` (the statement itself is built in
 * `query.ts`, always starting with `company_id = $company`). Identifier lists use the GIN array
 * operators (`&&` with canonical values); patterns (`urn:epc:idpat:…:*`) become LIKE over the
 * unnested column; quantity and sensor filters look into the stored JSON document.
 */

const list = (values: readonly (string | number)[]): SQL => sql.join(
  values.map((value) => sql`${value}`),
  sql`, `,
);
const textArray = (values: readonly string[]): SQL => sql`array[${list(values)}]::text[]`;
const op = (comparator: Comparator): SQL => sql.raw(comparator);
/** A JSON array at `value`, or an empty one when it is absent or not an array (so jsonb_array_elements never fails). */
const arrayOrEmpty = (value: SQL): SQL => sql`case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end`;
const field = (json: SQL, name: string): SQL => sql`(${json} -> ${name}::text)`;
const textField = (json: SQL, name: string): SQL => sql`(${json} ->> ${name}::text)`;
const numberField = (json: SQL, name: string): SQL => sql`(case when jsonb_typeof(${field(json, name)}) = 'number' then ${textField(json, name)}::numeric end)`;
const timeField = (json: SQL, name: string): SQL =>
  sql`(case when jsonb_typeof(${field(json, name)}) = 'string' and ${textField(json, name)} ~ '^\\d{4}-\\d{2}-\\d{2}T' then ${textField(json, name)}::timestamptz end)`;
const timestamp = (value: Date): SQL => sql`${value.toISOString()}::timestamptz`;

function identifierMatch(column: SQL, exact: string[], like: string[]): SQL {
  const parts: SQL[] = [];
  if (exact.length > 0) parts.push(sql`${column} && ${textArray(exact)}`);
  if (like.length > 0) parts.push(sql`exists (select 1 from unnest(${column}) as v(value) where v.value like any (${textArray(like)}))`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

function quantityCondition(uom: string | null, comparisons: NumericComparison[]): SQL {
  const q = sql.raw('q.element');
  const tests = comparisons.map(({ op: comparator, values }) =>
    values.length === 1 ? sql`${numberField(q, 'quantity')} ${op(comparator)} ${values[0]}` : sql`${numberField(q, 'quantity')} in (${list(values)})`,
  );
  if (uom !== null) tests.push(sql`${textField(q, 'uom')} = ${uom}`);
  const lists = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].map(
    (name) => sql`jsonb_array_elements(${arrayOrEmpty(sql`document -> ${name}::text`)})`,
  );
  return sql`exists (select 1 from (${sql.join(
    lists.map((elements) => sql`select ${elements} as element`),
    sql` union all `,
  )}) as q where ${sql.join(tests, sql` and `)})`;
}

function sensorTest(json: SQL, condition: SensorCondition): SQL {
  switch (condition.kind) {
    case 'text':
      return sql`${textField(json, condition.field)} in (${list(condition.values)})`;
    case 'boolean':
      return sql`${field(json, condition.field)} = ${condition.value ? sql`'true'::jsonb` : sql`'false'::jsonb`}`;
    case 'number': {
      const test = sql`${numberField(json, condition.field)} ${op(condition.op)} ${condition.value}`;
      return condition.uom === null ? test : sql`(${test} and ${textField(json, 'uom')} = ${condition.uom})`;
    }
    case 'time':
      return sql`${timeField(json, condition.field)} ${op(condition.op)} ${timestamp(condition.value)}`;
  }
}

function sensorCondition(metadata: SensorCondition[], report: SensorCondition[]): SQL {
  const element = sql.raw('se.value');
  const meta = sql`(${element} -> 'sensorMetadata')`;
  const reports = (tests: SQL[]) =>
    sql`exists (select 1 from jsonb_array_elements(${arrayOrEmpty(sql`${element} -> 'sensorReport'`)}) as sr(value) where ${sql.join(tests, sql` and `)})`;
  const tests: SQL[] = metadata.map((condition) => {
    if (condition.kind === 'text' && condition.where === 'either') {
      return sql`(${sensorTest(meta, condition)} or ${reports([sensorTest(sql.raw('sr.value'), condition)])})`;
    }
    if (condition.kind === 'time' && condition.field === 'time') {
      return sql`(${sensorTest(meta, condition)} or ${reports([sensorTest(sql.raw('sr.value'), condition)])})`;
    }
    return sensorTest(meta, condition);
  });
  if (report.length > 0) tests.push(reports(report.map((condition) => sensorTest(sql.raw('sr.value'), condition))));
  return sql`exists (select 1 from jsonb_array_elements(${arrayOrEmpty(sql`document -> 'sensorElementList'`)}) as se(value) where ${sql.join(tests, sql` and `)})`;
}

/** A test of the extension field `key` (an SQL text expression) of the JSON object `base`. */
function extensionTest(base: SQL, key: SQL, test: ExtensionTest): SQL {
  const value = sql`(${base} -> ${key})`;
  const text = sql`(${base} ->> ${key})`;
  if (test.kind === 'exists') return sql`(jsonb_typeof(${base}) = 'object' and ${base} ? ${key})`;
  if (test.kind === 'equals') return sql`${text} in (${list(test.values)})`;
  if (test.value instanceof Date) {
    return sql`(case when jsonb_typeof(${value}) = 'string' and ${text} ~ '^\\d{4}-\\d{2}-\\d{2}T' then ${text}::timestamptz end) ${op(test.op)} ${timestamp(test.value)}`;
  }
  return sql`(case when jsonb_typeof(${value}) = 'number' then ${text}::numeric end) ${op(test.op)} ${test.value}`;
}

/** The identifiers of the company's places `values` and every place inside them (the hierarchy is bounded by PLACE_DEPTH_MAX). */
function placesWithin(companyId: number, values: string[]): SQL {
  return sql`(with recursive tree(id, identifier, depth) as (
      select id, identifier, 0 from places where company_id = ${companyId} and identifier in (${list(values)})
      union all
      select child.id, child.identifier, tree.depth + 1 from places child join tree on child.parent_id = tree.id
      where child.company_id = ${companyId} and tree.depth < ${PLACE_DEPTH_MAX}
    ) select identifier from tree)`;
}

/** The identifiers of the company's places with one of `attributes`, or with one of `values` as that attribute's value. */
function placesWithAttribute(companyId: number, attributes: string[], values: string[] | null): SQL {
  const test =
    values === null
      ? sql`attributes ?| ${textArray(attributes)}`
      : // A value given several times (the XML binding's repeated attribute) is kept as a list: any item matches.
        sql`(attributes ->> ${attributes[0]}::text in (${list(values)}) or (jsonb_typeof(attributes -> ${attributes[0]}::text) = 'array' and (attributes -> ${attributes[0]}::text) ?| ${textArray(values)}))`;
  return sql`(select identifier from places where company_id = ${companyId} and ${test})`;
}

/** Nested objects below the top-level fields of `base` (at any depth; what the INNER_ parameters look into), as rows `n(value)`. */
const innerObjects = (base: SQL): SQL =>
  sql`jsonb_each(case jsonb_typeof(${base}) when 'object' then ${base} else '{}'::jsonb end) as top(key, value), jsonb_path_query(top.value, 'strict $.**') as n(value)`;

/**
 * One condition of a parsed query as a boolean SQL expression over an `epcis_events` row of the
 * company `companyId` (master-data conditions read the company's places).
 */
export function conditionSql(condition: Condition, companyId: number): SQL {
  switch (condition.kind) {
    case 'in':
      return sql`${sql.identifier(condition.column)} in (${list(condition.values)})`;
    case 'time':
      return sql`${sql.identifier(condition.column)} ${op(condition.op)} ${timestamp(condition.value)}`;
    case 'exists':
      return sql`${sql.identifier(condition.column)} is not null`;
    case 'match': {
      const match = identifierMatch(sql`${sql.identifier(condition.column)}`, condition.exact, condition.like);
      // The column has no index of its own: its exact values also appear in the GIN-indexed union column.
      if (condition.indexed && condition.like.length === 0) return sql`(${sql.identifier(condition.indexed)} && ${textArray(condition.exact)} and ${match})`;
      return match;
    }
    case 'matchParent': {
      // parentID has no index of its own; exact values also appear in the GIN-indexed any_epcs.
      if (condition.like.length === 0) return sql`(any_epcs && ${textArray(condition.exact)} and parent_id in (${list(condition.exact)}))`;
      const parts: SQL[] = [];
      if (condition.exact.length > 0) parts.push(sql`parent_id in (${list(condition.exact)})`);
      if (condition.like.length > 0) parts.push(sql`parent_id like any (${textArray(condition.like)})`);
      return sql`(${sql.join(parts, sql` or `)})`;
    }
    case 'typed':
      return sql`${sql.identifier(condition.column)} && ${textArray(condition.values)}`;
    case 'jsonArrayHas':
      return sql`(document #> ${textArray(condition.path)}) ?| ${textArray(condition.values)}`;
    case 'jsonText':
      return sql`(document #>> ${textArray(condition.path)}) in (${list(condition.values)})`;
    case 'quantity':
      return quantityCondition(condition.uom, condition.comparisons);
    case 'sensor':
      return sensorCondition(condition.metadata, condition.report);
    case 'sensorExists':
      return sql`jsonb_typeof(document -> 'sensorElementList') = 'array' and jsonb_array_length(document -> 'sensorElementList') > 0`;
    case 'withDescendants': {
      const column = sql.identifier(condition.column);
      return sql`(${column} in (${list(condition.values)}) or ${column} in ${placesWithin(companyId, condition.values)})`;
    }
    case 'placeAttribute':
      return sql`${sql.identifier(condition.column)} in ${placesWithAttribute(companyId, condition.attributes, condition.values)}`;
    case 'extension': {
      const top = condition.ilmd ? sql`(document -> 'ilmd')` : sql`document`;
      if (condition.inner) {
        const nested = { ...condition, ilmd: false, inner: false };
        return sql`exists (select 1 from ${innerObjects(top)} where jsonb_typeof(n.value) = 'object' and ${extensionSql(nested, sql.raw('n.value'))})`;
      }
      return extensionSql(condition, top);
    }
  }
}

/** An extension condition on the fields of the JSON object `base` (the event, its ILMD, or an object nested in either). */
function extensionSql(condition: Extract<Condition, { kind: 'extension' }>, base: SQL): SQL {
  if (condition.namespace === null) return extensionTest(base, sql`${condition.field}::text`, condition.test);
  // Any key `prefix:field` whose prefix the event's @context maps to the namespace (a string, or an expanded term's @id).
  const context = sql`(case jsonb_typeof(document -> '@context') when 'array' then document -> '@context' when 'object' then jsonb_build_array(document -> '@context') else '[]'::jsonb end)`;
  const prefix = sql`split_part(kv.key, ':', 1)`;
  const declared = sql`(case jsonb_typeof(c.value -> ${prefix}) when 'string' then c.value ->> ${prefix} when 'object' then c.value -> ${prefix} ->> '@id' end)`;
  return sql`exists (select 1 from jsonb_each(case jsonb_typeof(${base}) when 'object' then ${base} else '{}'::jsonb end) as kv(key, value)
    where kv.key = ${prefix} || ':' || ${condition.field}::text
      and ${extensionTest(base, sql`kv.key`, condition.test)}
      and exists (select 1 from jsonb_array_elements(${context}) as c(value)
        where jsonb_typeof(c.value) = 'object' and rtrim(${declared}, '/#') = rtrim(${condition.namespace}::text, '/#')))`;
}
