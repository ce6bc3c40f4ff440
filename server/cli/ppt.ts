import type { Command } from 'commander';
import { loadAllByEntity, removeConfig, SYS_CONFIG_ENTITIES, type SysConfigEntity, upsertConfig } from '../services/ppt/config';
import { withDatabase } from './with-database';

// The option lists the slide-deck screens offer (ai_sys_config_api): PPT 场景 (ppt_scene) and 页数选项
// (ppt_page_count). A deck stores the option's key, so renaming a label is safe; removing an option leaves
// the decks that used it as they are.

function entityOf(value: string): SysConfigEntity {
  if (!SYS_CONFIG_ENTITIES.includes(value as SysConfigEntity)) throw new Error(`配置类别只能是 ${SYS_CONFIG_ENTITIES.join('、')}`);
  return value as SysConfigEntity;
}

export function registerPptCommands(program: Command): void {
  const config = program.command('ppt-config').description('AI PPT 的场景与页数选项（ai_sys_config_api）');
  config
    .command('list [entity]')
    .description('列出配置项（默认两类都列出）')
    .action((entity?: string) =>
      withDatabase(async ({ db }) => {
        const entities = entity ? [entityOf(entity)] : SYS_CONFIG_ENTITIES;
        const rows = (await Promise.all(entities.map((e) => loadAllByEntity(db, e)))).flat();
        console.table(rows.map((r) => ({ id: r.id, 类别: r.entity, key: r.key, 名称: r.label, 值: r.value, 排序: r.sort })));
      }),
    );
  config
    .command('set <entity> <key>')
    .description('新增或修改一个配置项（按类别与 key）')
    .requiredOption('--label <label>', '展示名称，如 毕业答辩')
    .option('--value <text>', '配置值：场景的说明（写给大模型的场景要求）或页数', '')
    .option('--sort <n>', '排序值，越小越靠前', '0')
    .action((entity: string, key: string, options: { label: string; value: string; sort: string }) =>
      withDatabase(async ({ db }) => {
        const sort = Number(options.sort);
        if (!Number.isInteger(sort) || sort < 0 || sort > 10000) throw new Error('--sort 须为 0-10000 的整数');
        const row = await upsertConfig(db, { entity: entityOf(entity), key, label: options.label, value: options.value, sort });
        console.log(`已保存 ${row.entity}/${row.key}：${row.label}（id ${row.id}，排序 ${row.sort}）`);
      }),
    );
  config
    .command('remove <entity> <key>')
    .description('删除一个配置项（已用它的 PPT 保持原样）')
    .action((entity: string, key: string) =>
      withDatabase(async ({ db }) => {
        if (!(await removeConfig(db, entityOf(entity), key))) throw new Error(`配置项不存在：${entity}/${key}`);
        console.log(`已删除 ${entity}/${key}`);
      }),
    );
}
