import { AI_TABLE } from '@product-console/shared';
import { GS1_VOC, linkTypeTitle, relationOf, SUPPORTED_LINK_TYPES } from './link-types.js';

/**
 * The resolver description file of the GS1-Conformant Resolver standard (its JSON schema:
 * ref.gs1.org/standards/resolver/description-file-schema), served at /.well-known/gs1resolver.
 * `linkTypes` is ours: the link types products here carry, with their titles.
 */
export function resolverDescription(resolverRoot: string) {
  return {
    name: 'Product console GS1 resolver',
    resolverRoot,
    supportedPrimaryKeys: AI_TABLE.filter((definition) => definition.primaryKey).map((definition) => definition.ai),
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
    linkTypes: SUPPORTED_LINK_TYPES.map((linkType) => ({ linkType, uri: relationOf(linkType), title: linkTypeTitle(linkType) })),
    linkTypeDefaultCanBeLinkset: false,
    linkTypeDefaultCanBeAll: false,
    supportedContextValuesEnumerated: [],
  };
}
