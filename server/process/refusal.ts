/**
 * A reason this process cannot start that its operator can fix (a setting, the data directory): said in
 * one line, without a stack, and the process exits with code 1.
 */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

/** Ends the process with a refusal's line; anything else is a bug and keeps its stack. */
export function refuseToStart(error: unknown): never {
  if (!(error instanceof StartupRefusal)) throw error;
  console.error(error.message);
  process.exit(1);
}

const WRITE_PROBLEMS: Record<string, (dir: string) => string> = {
  EROFS: (dir) => `数据目录 ${dir} 所在的文件系统是只读的，无法保存数据；请把 DATA_DIR 指向可写的目录`,
  EACCES: (dir) => `没有写入数据目录 ${dir} 的权限；请修正其权限，或把 DATA_DIR 指向可写的目录`,
  EPERM: (dir) => `没有写入数据目录 ${dir} 的权限；请修正其权限，或把 DATA_DIR 指向可写的目录`,
  ENOSPC: (dir) => `数据目录 ${dir} 所在的磁盘已满；请腾出空间后再启动`,
};

/** A file-system error on the data directory as the refusal it amounts to; any other error as it is. */
export function dataDirProblem(error: unknown, dir: string): unknown {
  const problem = WRITE_PROBLEMS[(error as NodeJS.ErrnoException | null)?.code ?? ''];
  return problem ? new StartupRefusal(problem(dir)) : error;
}
