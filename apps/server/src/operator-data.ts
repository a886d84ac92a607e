/**
 * Data the operator keeps outside the code (architecture principle 5): the affid/oid → LeadsPedia
 * mappings (§7 /inbound/get-mappings) and the buyers offered for one-to-one consent (§7
 * /buyers/get-available). Read once at start from JSON files and checked, naming the file and the
 * entry when something is wrong.
 */
import { readFileSync } from 'node:fs';
import { BuyerSchema, MappingSchema, type Buyer, type Mapping } from '@app/funnel';
import { z } from 'zod';

const BuyerEntrySchema = BuyerSchema.extend({
  /** States the buyer takes leads from; absent means every state. */
  states: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
});
export type BuyerEntry = z.infer<typeof BuyerEntrySchema>;

export interface OperatorData {
  mappings: readonly Mapping[];
  buyers: readonly BuyerEntry[];
}

function readList<S extends z.ZodType>(file: string | undefined, schema: S, what: string): z.infer<S>[] {
  if (file === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${what} from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = z.array(schema).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `[${i.path.join('.')}] ${i.message}`).join('; ');
    throw new Error(`Invalid ${what} in ${file}: ${problems}`);
  }
  return parsed.data;
}

export function loadOperatorData(files: {
  mappingsFile?: string | undefined;
  buyersFile?: string | undefined;
}): OperatorData {
  return {
    mappings: readList(files.mappingsFile, MappingSchema, 'lead mappings'),
    buyers: readList(files.buyersFile, BuyerEntrySchema, 'buyers'),
  };
}

export function buyerOf(entry: BuyerEntry): Buyer {
  return { name: entry.name, ids: entry.ids };
}
