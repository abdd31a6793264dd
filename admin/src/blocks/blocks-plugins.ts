import { baseKeymap, chainCommands, exitCode } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, splitListItem } from 'prosemirror-schema-list';
import type { Command, Plugin } from 'prosemirror-state';
import { indentListItem, toggleTextMark } from './blocks-commands';
import { blocksSchema } from './blocks-schema';

const { nodes } = blocksSchema;

/** A line break inside a block: Slate keeps it as "\n" in the text (Shift+Enter in Strapi's editor). */
const softBreak: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.inlineContent) return false;
  if (dispatch) dispatch(state.tr.insertText('\n').scrollIntoView());
  return true;
};

/**
 * The editor's plugins: history, the keyboard shortcuts (docs/admin.md lists them) and the
 * Markdown-like input rules Strapi's editor has ("# " heading, "> " quote, "- " list, "1. "
 * numbered list, "```" code block).
 */
export function blocksPlugins(): Plugin[] {
  return [
    history(),
    inputRules({
      rules: [
        textblockTypeInputRule(/^(#{1,6})\s$/, nodes.heading!, (match) => ({ level: match[1]!.length })),
        textblockTypeInputRule(/^>\s$/, nodes.quote!),
        textblockTypeInputRule(/^```$/, nodes.code_block!, { language: 'plaintext' }),
        wrappingInputRule(/^\s*([-*])\s$/, nodes.list!, { format: 'unordered' }),
        wrappingInputRule(/^(\d+)\.\s$/, nodes.list!, { format: 'ordered' }),
      ],
    }),
    keymap({
      'Mod-z': undo,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      'Mod-b': toggleTextMark('bold'),
      'Mod-i': toggleTextMark('italic'),
      'Mod-u': toggleTextMark('underline'),
      'Shift-Mod-x': toggleTextMark('strikethrough'),
      'Mod-e': toggleTextMark('code'),
      Enter: splitListItem(nodes.list_item!),
      'Shift-Enter': chainCommands(exitCode, softBreak),
      Tab: indentListItem,
      'Shift-Tab': liftListItem(nodes.list_item!),
    }),
    keymap(baseKeymap),
  ];
}
