import { Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useSignedIn } from '@/components/use-signed-in';
import { CheckForm } from './check-form';
import { FreeCheckNotice } from './free-check-notice';
import { RecentChecks } from './recent-checks';

export function CheckPage() {
  const signedIn = useSignedIn();
  return (
    <Stack gap="5">
      <PageHeader
        title="论文查重"
        icon="check"
        description="上传论文或粘贴正文，逐段比对比对库，生成含标红的查重报告"
        actions={
          <ChakraLink asChild color="brand.solid" fontSize="sm">
            <Link to="/paper/report">查重记录</Link>
          </ChakraLink>
        }
      />
      <FreeCheckNotice />
      <SectionCard title="提交论文">
        <CheckForm />
      </SectionCard>
      {signedIn && <RecentChecks />}
    </Stack>
  );
}
