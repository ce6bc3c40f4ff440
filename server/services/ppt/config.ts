import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SysConfigRow, sysConfigs } from '../../db/schema/ppt';
import { badRequest, notFound } from '../../errors';
import type { components } from '../../gen/openapi';

// ai_sys_config_api: the operator-editable option lists the slide-deck screens offer (ppt_scene, ppt_page_count).

export type SysConfig = components['schemas']['SysConfig'];
export type SysConfigEntity = SysConfig['entity'];
export const SYS_CONFIG_ENTITIES: readonly SysConfigEntity[] = ['ppt_scene', 'ppt_page_count'];

export function configView(row: SysConfigRow): SysConfig {
  return { id: row.id, entity: row.entity, key: row.key, label: row.label, value: row.value, sort: row.sort };
}

/** f/load_all_by_entity: one list, by sort. */
export async function loadAllByEntity(db: Executor, entity: string): Promise<SysConfig[]> {
  if (!SYS_CONFIG_ENTITIES.includes(entity as SysConfigEntity)) throw badRequest('配置类别不存在');
  const rows = await db.orm
    .select()
    .from(sysConfigs)
    .where(eq(sysConfigs.entity, entity as SysConfigEntity))
    .orderBy(asc(sysConfigs.sort), asc(sysConfigs.key));
  return rows.map(configView);
}

/** f/load_by_id */
export async function loadConfigById(db: Executor, id: string): Promise<SysConfig> {
  const [row] = await db.orm.select().from(sysConfigs).where(eq(sysConfigs.id, id));
  if (!row) throw notFound();
  return configView(row);
}

export async function sceneByKey(db: Executor, key: string): Promise<SysConfigRow | undefined> {
  const [row] = await db.orm
    .select()
    .from(sysConfigs)
    .where(and(eq(sysConfigs.entity, 'ppt_scene'), eq(sysConfigs.key, key)));
  return row;
}

export interface ConfigInput {
  entity: SysConfigEntity;
  key: string;
  label: string;
  value?: string;
  sort?: number;
}

/** The operator's edit (CLI): adds an option or changes the one with this entity and key. */
export async function upsertConfig(db: Executor, input: ConfigInput): Promise<SysConfig> {
  if (!SYS_CONFIG_ENTITIES.includes(input.entity)) throw badRequest('配置类别不存在');
  const key = input.key.trim();
  const label = input.label.trim();
  if (!key || key.length > 64) throw badRequest('key 须为 1-64 个字符');
  if (!label || label.length > 40) throw badRequest('label 须为 1-40 个字符');
  const values = { label, value: input.value ?? '', sort: input.sort ?? 0, updatedAt: new Date() };
  const [row] = await db.orm
    .insert(sysConfigs)
    .values({ entity: input.entity, key, ...values })
    .onConflictDoUpdate({ target: [sysConfigs.entity, sysConfigs.key], set: values })
    .returning();
  return configView(row);
}

/** The operator removes an option (decks that used its key keep it). */
export async function removeConfig(db: Executor, entity: SysConfigEntity, key: string): Promise<boolean> {
  const rows = await db.orm
    .delete(sysConfigs)
    .where(and(eq(sysConfigs.entity, entity), eq(sysConfigs.key, key)))
    .returning();
  return rows.length > 0;
}
