import { ensureDatabaseTemplate } from '../apps/server/src/test/database-template.ts';

// Tests start their embedded databases from one pre-migrated dump instead of migrating each.
export default async function setup(): Promise<void> {
  await ensureDatabaseTemplate();
}
