import { Breadcrumb } from '@chakra-ui/react';
import { Link, useMatches } from '@tanstack/react-router';
import { Fragment } from 'react';
import { buildCrumbs } from './crumbs';

export function AppBreadcrumb() {
  const crumbs = buildCrumbs(useMatches());
  return (
    <Breadcrumb.Root size="sm" aria-label="面包屑">
      <Breadcrumb.List>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${index}-${crumb.title}`}>
              <Breadcrumb.Item>
                {last || !crumb.path ? (
                  <Breadcrumb.CurrentLink color={last ? 'gray.800' : 'gray.500'}>{crumb.title}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild color="gray.500" _hover={{ color: 'brand.solid' }}>
                    <Link to={crumb.path}>{crumb.title}</Link>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
              {!last && <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
