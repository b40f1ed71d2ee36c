/* search_tree.c: a caller's kept MCTS tree (engine/search.h, search_tree;
 * engine/mcts_search.h fills it). */
#include <stdlib.h>

#include "search.h"

void search_tree_free(search_tree *tree)
{
    free(tree->nodes);
    free(tree->moves);
    *tree = (search_tree){0};
}
