'use client';

import Box from '@mui/material/Box';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { flag, type CatalogNode } from './model';
import { hasChildNodes, type Catalog } from './use-catalog';

function NodeLabel({ node }: { node: CatalogNode }) {
  const t = useTranslations('files');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
      <Typography variant="body2" sx={{ flex: 1 }} noWrap>
        {node.catalogName || node.label}
      </Typography>
      {node.remark ? (
        <InfoOutlined
          fontSize="inherit"
          color="action"
          titleAccess={t('catalogEdit.remarkOf', { remark: node.remark })}
        />
      ) : null}
      {flag(node.mustUpload) ? (
        <Chip size="small" color="warning" variant="outlined" label={t('must')} />
      ) : null}
      {flag(node.isMissing) ? <Chip size="small" color="error" label={t('status.missing')} /> : null}
      {node.fileCount ? <Chip size="small" label={node.fileCount} aria-label={t('fileCount')} /> : null}
    </Box>
  );
}

function Level({ catalog, nodes }: { catalog: Catalog; nodes: CatalogNode[] }) {
  return (
    <>
      {nodes.map((node) => {
        const kids = catalog.childrenOf(node.id);
        const expandable = hasChildNodes(node);
        return (
          <TreeItem
            key={node.id}
            itemId={node.id}
            label={<NodeLabel node={node} />}
            data-testid="catalog-node"
          >
            {kids ? (
              <Level catalog={catalog} nodes={kids} />
            ) : expandable ? (
              // A placeholder child gives the node its expand icon until its children are fetched.
              <TreeItem itemId={`${node.id}::loading`} label={<Skeleton width={120} />} disabled />
            ) : null}
          </TreeItem>
        );
      })}
    </>
  );
}

/** The left catalogue tree of the file tree page; picking a node hands it to the file table. */
export function CatalogTree({
  catalog,
  selectedId,
  onSelect,
}: {
  catalog: Catalog;
  selectedId: string | null;
  onSelect: (node: CatalogNode) => void;
}) {
  const t = useTranslations('files');
  const [expanded, setExpanded] = useState<string[]>([]);
  const byId = (id: string): CatalogNode | undefined => {
    const walk = (nodes: CatalogNode[] | undefined): CatalogNode | undefined => {
      for (const node of nodes ?? []) {
        if (node.id === id) return node;
        const found = walk(catalog.childrenOf(node.id));
        if (found) return found;
      }
      return undefined;
    };
    return walk(catalog.roots);
  };

  if (!catalog.roots) {
    return catalog.error ? (
      <Typography color="error">{t('loadFailed')}</Typography>
    ) : (
      <Box aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Box>
    );
  }
  if (catalog.roots.length === 0) return <Typography color="text.secondary">{t('emptyCatalog')}</Typography>;

  return (
    <SimpleTreeView
      aria-label={t('catalog')}
      expandedItems={expanded}
      onExpandedItemsChange={(_, ids) => {
        setExpanded(ids);
        catalog.setExpanded(ids);
        for (const id of ids) catalog.ensureLoaded(id);
      }}
      selectedItems={selectedId}
      onSelectedItemsChange={(_, id) => {
        const node = id ? byId(id) : undefined;
        if (node) onSelect(node);
      }}
    >
      <Level catalog={catalog} nodes={catalog.roots} />
    </SimpleTreeView>
  );
}
