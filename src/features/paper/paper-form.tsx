import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaperDegree, PaperMaterialKind } from '@/api/gen/model';
import { aiPaperInfoGeneratePaper, paperInfoPaperSubmit, paperInfoPaperXueshuSubmit } from '@/api/gen/paper/paper';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { FreeUsesNote, useRefreshFreeUses } from '@/components/free-uses-note';
import { useSignedIn } from '@/components/use-signed-in';
import { appStore } from '@/stores/app';
import { DEGREE_LABELS, MATERIAL_LABELS } from './paper-labels';

/** Said plainly on the form and on the result: the references are the student's own, never invented. */
export const NO_INVENTED_REFERENCES =
  '参考文献只使用你在这里提供的条目，系统绝不编造文献；正文里的引用只会指向这些条目，无法对应的引用会被删除并标注“[待补充参考文献]”，请你自行补充。';

const DEFAULT_LENGTH: Record<PaperDegree, number> = { 'junior-college': 8000, bachelor: 15000, master: 30000, doctor: 80000, journal: 8000 };

/** Keywords typed with commas, 顿号 or spaces. */
export const parseKeywords = (text: string) => [...new Set(text.split(/[,，、;；\s]+/).map((k) => k.trim()).filter(Boolean))].slice(0, 8);

type Kind = 'ai' | 'thesis' | 'journal';

const SUBMIT_LABEL: Record<Kind, string> = { ai: '生成大纲（不扣费）', thesis: '生成论文', journal: '生成论文' };

/**
 * The paper form: the AI flow (generate_paper, then the outline page) or a classic one-form paper
 * (paper_submit for a thesis, paper_xueshu_submit for a journal paper). References are pasted as a list,
 * or read from a .bib / .ris / .txt file.
 */
export function PaperForm({ kind }: { kind: Kind }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const refreshFreeUses = useRefreshFreeUses();
  const [title, setTitle] = useState('');
  const [discipline, setDiscipline] = useState('');
  const [degree, setDegree] = useState<PaperDegree>(kind === 'journal' ? 'journal' : 'bachelor');
  const [length, setLength] = useState(String(DEFAULT_LENGTH[kind === 'journal' ? 'journal' : 'bachelor']));
  const [keywords, setKeywords] = useState('');
  const [references, setReferences] = useState('');
  const [author, setAuthor] = useState('');
  const [institution, setInstitution] = useState('');
  const [requirements, setRequirements] = useState('');
  const [english, setEnglish] = useState(false);
  const [materials, setMaterials] = useState<PaperMaterialKind[]>(['proposal', 'acknowledgement']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const charge = useChargeConfirm();

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 60_000) return setError('参考文献文件不超过 60 KB');
    const text = await file.text();
    setReferences((current) => (current.trim() ? `${current.trim()}\n${text}` : text));
  };

  const submit = async () => {
    setError(null);
    if (!signedIn) {
      appStore.actions.openLogin();
      return;
    }
    if ([...title.trim()].length < 4) return setError('请填写论文题目（至少 4 个字）');
    if (!discipline.trim()) return setError('请填写学科专业');
    const target = Number(length);
    const max = kind === 'journal' ? 30000 : 200000;
    if (!Number.isInteger(target) || target < 2000 || target > max) return setError(`目标字数应在 2000 到 ${max} 之间`);
    const common = {
      title: title.trim(),
      discipline: discipline.trim(),
      length: target,
      keywords: parseKeywords(keywords),
      ...(references.trim() ? { referencesText: references } : {}),
      ...(author.trim() ? { author: author.trim() } : {}),
      ...(institution.trim() ? { institution: institution.trim() } : {}),
      ...(requirements.trim() ? { requirements: requirements.trim() } : {}),
      englishAbstract: english,
    };
    if (kind === 'ai') {
      setBusy(true);
      try {
        const paper = await aiPaperInfoGeneratePaper({ ...common, degree }).finally(refreshFreeUses);
        await navigate({ to: '/aipaper/outline/$id', params: { id: paper.id } });
      } catch (e) {
        setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
      } finally {
        setBusy(false);
      }
      return;
    }
    charge.ask({
      title: `确认支付：${kind === 'journal' ? '期刊论文写作' : '毕业论文写作'}`,
      request: { operation: kind === 'journal' ? 'paperInfoPaperXueshuSubmit' : 'paperInfoPaperSubmit', title: common.title, length: target },
      onConfirm: async () => {
        const paper =
          kind === 'journal'
            ? await paperInfoPaperXueshuSubmit(common)
            : await paperInfoPaperSubmit({ ...common, degree: degree === 'journal' ? 'bachelor' : degree, materials });
        await navigate({ to: '/paperwirte/wirte/$id', params: { id: paper.id } });
      },
    });
  };

  const degrees = (kind === 'ai' ? Object.keys(DEGREE_LABELS) : Object.keys(DEGREE_LABELS).filter((d) => d !== 'journal')) as PaperDegree[];
  return (
    <form
      aria-label="论文写作"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>
            论文题目
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder="如：基于深度学习的中文文本相似度研究" />
        </Field.Root>
        <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', md: 'row' }}>
          <Field.Root required flex="2">
            <Field.Label>
              学科专业
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={discipline} maxLength={50} onChange={(e) => setDiscipline(e.target.value)} placeholder="如：计算机科学与技术" />
          </Field.Root>
          {kind !== 'journal' && (
            <Field.Root flex="1">
              <Field.Label>类型</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label="类型"
                  value={degree}
                  onChange={(e) => {
                    const next = e.target.value as PaperDegree;
                    setDegree(next);
                    setLength(String(DEFAULT_LENGTH[next]));
                  }}
                >
                  {degrees.map((d) => (
                    <option key={d} value={d}>
                      {DEGREE_LABELS[d]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root flex="1">
            <Field.Label>目标字数</Field.Label>
            <Input aria-label="目标字数" inputMode="numeric" value={length} onChange={(e) => setLength(e.target.value.replace(/\D/g, ''))} />
          </Field.Root>
        </HStack>
        <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', md: 'row' }}>
          <Field.Root flex="2">
            <Field.Label>关键词</Field.Label>
            <Input value={keywords} onChange={(e) => setKeywords(e.target.value)} placeholder="选填，至多 8 个，用逗号或顿号分隔" />
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>作者</Field.Label>
            <Input value={author} maxLength={50} onChange={(e) => setAuthor(e.target.value)} placeholder="选填，印在封面" />
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>学校与院系</Field.Label>
            <Input value={institution} maxLength={100} onChange={(e) => setInstitution(e.target.value)} placeholder="选填，印在封面" />
          </Field.Root>
        </HStack>
        <Field.Root>
          <Field.Label>参考文献</Field.Label>
          <Textarea
            aria-label="参考文献"
            rows={6}
            value={references}
            onChange={(e) => setReferences(e.target.value)}
            placeholder={'每行一条，可带 [1] 等编号；也可粘贴 .bib 或 .ris 文件的内容\n[1] 王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.'}
          />
          <HStack mt="1" gap="3" fontSize="sm" color="gray.600">
            <Text>或从文件读入：</Text>
            <input aria-label="参考文献文件" type="file" accept=".bib,.ris,.txt" onChange={(e) => void readFile(e.target.files?.[0])} />
          </HStack>
        </Field.Root>
        <Alert.Root status="info" data-testid="no-invented-references">
          <Alert.Indicator />
          <Alert.Description>{NO_INVENTED_REFERENCES}</Alert.Description>
        </Alert.Root>
        <Field.Root>
          <Field.Label>补充要求</Field.Label>
          <Textarea rows={2} maxLength={2000} value={requirements} onChange={(e) => setRequirements(e.target.value)} placeholder="选填，如研究方法、数据来源、格式要求" />
        </Field.Root>
        <Switch.Root checked={english} onCheckedChange={(event) => setEnglish(event.checked)} colorPalette="brand">
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>同时生成英文摘要（Abstract）</Switch.Label>
        </Switch.Root>
        {kind === 'thesis' && (
          <HStack gap="5" wrap="wrap">
            <Text fontSize="sm">同时生成：</Text>
            {(Object.keys(MATERIAL_LABELS) as PaperMaterialKind[]).map((m) => (
              <Switch.Root
                key={m}
                size="sm"
                checked={materials.includes(m)}
                onCheckedChange={(event) => setMaterials((list) => (event.checked ? [...list, m] : list.filter((x) => x !== m)))}
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{MATERIAL_LABELS[m]}</Switch.Label>
              </Switch.Root>
            ))}
          </HStack>
        )}
        {error && (
          <Text color="red.600" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="正在提交" alignSelf="flex-start">
          {signedIn ? SUBMIT_LABEL[kind] : '登录后提交'}
        </Button>
        {kind === 'ai' && (
          <Text fontSize="sm" color="gray.600">
            先生成可编辑的大纲（不扣费）；确认大纲时按目标字数计价，先显示费用与支付后余额，确认支付后开始逐节写作。
          </Text>
        )}
        {kind === 'ai' && <FreeUsesNote action="outline" />}
      </Stack>
      {charge.dialog}
    </form>
  );
}
