import { Alert, Button, DataList, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { getCheckQueryListQueryKey, useCheckCheckCost, useCheckCheckSubmit, useCheckLoadById } from '@/api/gen/check/check';
import { getAccountInfoAccountQueryKey, useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { AccountInfoFreeCheckState, CheckCostQuote, CheckRecord, CheckWarning } from '@/api/gen/model';
import { ChargeSummary } from '@/components/charge/charge-summary';
import { LoginRequired } from '@/components/login-required';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio, formatThousands, formatYuan } from '@/lib/number';

function Option({ label, help, checked, onChange }: { label: string; help: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(event) => onChange(event.checked)} colorPalette="brand" alignItems="flex-start">
      <Switch.HiddenInput />
      <Switch.Control mt="0.5">
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>
        <Text>{label}</Text>
        <Text fontSize="xs" color="gray.500" fontWeight="normal">
          {help}
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="md">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const WARNING_TITLES: Record<CheckWarning['code'], string> = {
  library_empty: '比对库还是空的',
  library_small: '比对库收录的文献较少',
  little_chinese: '正文中文较少',
};

/** What the user should know before paying (the server says what and why); none of it blocks submitting. */
function Warnings({ warnings }: { warnings: CheckWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap="2" aria-label="提交前请留意">
      {warnings.map((warning) => (
        <Alert.Root key={warning.code} status="info" variant="subtle" data-warning={warning.code}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{WARNING_TITLES[warning.code]}</Alert.Title>
            <Alert.Description>{warning.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}

const FREE_CHECK_STATES: Record<AccountInfoFreeCheckState, string> = {
  available: '可用，本次免费',
  used: '已使用',
  withheld: '未获赠',
  none: '无（扫码注册的新账号可享一次）',
};

function Summary({ record, cost }: { record: CheckRecord; cost: CheckCostQuote }) {
  const account = useAccountInfoAccount();
  const state = cost.freeCheck ? 'available' : account.data?.freeCheckState;
  return (
    <Stack gap="4">
      <Rows
        rows={[
          ['论文题目', record.title],
          ['作者', record.author || '未填写'],
          ['来源', record.sourceType === 'upload' ? `上传文件 ${record.fileName ?? ''}` : '粘贴正文'],
          ['字数', `${formatThousands(record.charCount)} 字`],
          ['首次免费查重', state ? FREE_CHECK_STATES[state] : '—'],
        ]}
      />
      <ChargeSummary quote={cost} />
    </Stack>
  );
}

function Confirm({ record, cost }: { record: CheckRecord; cost: CheckCostQuote }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [addToLibrary, setAddToLibrary] = useState(false);
  const [excludeSelf, setExcludeSelf] = useState(true);
  const submit = useCheckCheckSubmit({ mutation: { meta: { silent: true } } });
  const go = async () => {
    await submit.mutateAsync({ data: { id: record.id, addToLibrary, excludeSelf } });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [getCheckQueryListQueryKey()[0]] }),
      queryClient.invalidateQueries({ queryKey: getAccountInfoAccountQueryKey() }),
    ]);
    await navigate({ to: '/paper/report' });
  };
  return (
    <Stack gap="5">
      <Summary record={record} cost={cost} />
      <Stack gap="3">
        <Option
          label="不与本人此前提交的论文比对"
          help="排除您自己以前提交并加入比对库的论文（去除本人已发表）"
          checked={excludeSelf}
          onChange={setExcludeSelf}
        />
        <Option
          label="检测后把本文加入比对库"
          help="加入后，其他人提交的论文会与本文比对；删除查重记录时一并移除"
          checked={addToLibrary}
          onChange={setAddToLibrary}
        />
      </Stack>
      <Warnings warnings={cost.warnings} />
      {submit.error && (
        <Text color="red.600" fontSize="sm" role="alert">
          {submit.error.message}
        </Text>
      )}
      <HStack gap="3">
        <Button colorPalette="brand" size="lg" disabled={!cost.enough} loading={submit.isPending} onClick={() => void go().catch(() => undefined)}>
          {cost.freeCheck ? '确认，免费提交' : `确认支付 ${formatYuan(cost.chargeFen)}`}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/papercheck/check">返回修改</Link>
        </Button>
      </HStack>
    </Stack>
  );
}

function Submitted({ record }: { record: CheckRecord }) {
  return (
    <Stack gap="4" align="flex-start">
      <Text>《{record.title}》已提交查重{record.error ? `：${record.error}` : ''}</Text>
      <Rows
        rows={[
          ['论文题目', record.title],
          ['状态', <StatusBadge key="status" status={record.status} />],
          ['进度', `${record.progress}%`],
          ['总文字复制比', formatRatio(record.figures?.totalRatio)],
          ['付费方式', record.freeCheck ? '首次免费查重' : formatYuan(record.priceFen)],
        ]}
      />
      <HStack>
        <Button asChild colorPalette="brand" size="sm">
          <Link to="/paper/report">查看查重记录</Link>
        </Button>
        {record.status === 'done' && (
          <Button asChild variant="outline" size="sm">
            <Link to="/paper/report/$id" params={{ id: record.id }}>
              查看报告
            </Link>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** /paper/submit/$id: the draft's details and the charge (as every paid action shows it), the options, then pay or use the free check. */
export function CheckSubmitPage({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const record = useCheckLoadById({ id }, { query: { enabled: signedIn } });
  const draft = record.data?.status === 'draft';
  const cost = useCheckCheckCost({ id }, { query: { enabled: signedIn && draft, staleTime: 0 } });
  let body;
  if (!signedIn) body = <LoginRequired what="待提交的论文" />;
  else if (record.error || cost.error) body = <Text color="red.600" role="alert">{(record.error ?? cost.error)?.message}</Text>;
  else if (record.data && !draft) body = <Submitted record={record.data} />;
  else if (record.data && cost.data) body = <Confirm record={record.data} cost={cost.data} />;
  else body = <Skeleton h="48" />;
  return (
    <>
      <PageHeader title="确认提交" icon="check" description="核对论文信息与费用后提交查重" />
      <SectionCard title="论文信息与费用">{body}</SectionCard>
    </>
  );
}
