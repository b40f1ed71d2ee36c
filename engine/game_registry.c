/*
 * game_registry.c: the compiled games, in the order meson lists them.
 * PRUNE_GAME_LIST comes from the generated game_list.h, so adding a game is
 * one entry in the `prune_games` list of the root meson.build.
 */
#include <string.h>

#include "game_list.h"
#include "search.h"

#define DECLARE_GAME(name) extern const game_entry prune_game_##name;
PRUNE_GAME_LIST(DECLARE_GAME)
#undef DECLARE_GAME

#define LIST_GAME(name) &prune_game_##name,
static const game_entry *const games[] = {PRUNE_GAME_LIST(LIST_GAME)};
#undef LIST_GAME

size_t game_count(void) { return sizeof games / sizeof games[0]; }

const game_entry *game_at(size_t index) { return index < game_count() ? games[index] : NULL; }

const game_entry *game_find(const char *name)
{
    for (size_t i = 0; i < game_count(); i++)
        if (strcmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}
