/* pw-document.c — a level set being edited: one execute path, undo, redo
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-document"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pw-document.h"
#include "pw-file.h"
#include "pw-level.h"

typedef enum
{
  OP_REPLACE,
  OP_INSERT,
  OP_REMOVE,
  OP_MOVE,
  OP_REORDER,
  OP_INFO,
} Op;

/* One encoded change; run forwards to do it, backwards to undo it. */
typedef struct
{
  Op         op;
  guint      index;     /* REPLACE, INSERT, REMOVE; MOVE: from */
  guint      to;        /* MOVE */
  guint     *order;     /* REORDER: the new order, and its inverse after it */
  PwLevel   *before;    /* REPLACE, REMOVE */
  PwLevel   *after;     /* REPLACE, INSERT */
  PwSetInfo  field;     /* INFO */
  char      *before_text;
  char      *after_text;
} Edit;

/* One step of undo: the edits of a group, in order. */
typedef struct
{
  char      *label;
  GPtrArray *edits;
} Step;

struct _PwDocument
{
  GObject     parent_instance;

  PwLevelSet *set;
  GFile      *file;
  char       *disk_stamp;     /* the file as last read or written, or NULL */

  GPtrArray  *steps;          /* Step; [0, position) done, the rest undone */
  guint       position;
  gint64      saved_position; /* -1 when the saved state cannot come back */

  Step       *group;          /* being recorded */
  guint       group_depth;
};

enum {
  PROP_0,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  LEVELS_CHANGED,
  LEVEL_CHANGED,
  INFO_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (PwDocument, pw_document, G_TYPE_OBJECT)

static void
edit_free (Edit *edit)
{
  g_clear_pointer (&edit->before, pw_level_unref);
  g_clear_pointer (&edit->after, pw_level_unref);
  g_free (edit->before_text);
  g_free (edit->after_text);
  g_free (edit->order);
  g_free (edit);
}

static Step *
step_new (const char *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = g_strdup (label);
  step->edits = g_ptr_array_new_with_free_func ((GDestroyNotify) edit_free);
  return step;
}

static void
step_free (Step *step)
{
  g_free (step->label);
  g_ptr_array_unref (step->edits);
  g_free (step);
}

static const char *
info_get (PwLevelSet *set,
          PwSetInfo   field)
{
  switch (field)
    {
    case PW_SET_TITLE:
      return pw_level_set_get_title (set);
    case PW_SET_AUTHOR:
      return pw_level_set_get_author (set);
    case PW_SET_NOTES:
    default:
      return pw_level_set_get_notes (set);
    }
}

static void
info_set (PwLevelSet *set,
          PwSetInfo   field,
          const char *text)
{
  switch (field)
    {
    case PW_SET_TITLE:
      pw_level_set_set_title (set, text);
      break;
    case PW_SET_AUTHOR:
      pw_level_set_set_author (set, text);
      break;
    case PW_SET_NOTES:
    default:
      pw_level_set_set_notes (set, text);
      break;
    }
}

/* The one path every change takes, forwards or backwards. */
static void
run_edit (PwDocument *self,
          Edit       *edit,
          gboolean    forwards)
{
  switch (edit->op)
    {
    case OP_REPLACE:
      pw_level_set_replace (self->set, edit->index, forwards ? edit->after : edit->before);
      g_signal_emit (self, signals[LEVEL_CHANGED], 0, edit->index);
      break;

    case OP_INSERT:
    case OP_REMOVE:
      if ((edit->op == OP_INSERT) == forwards)
        {
          pw_level_set_insert (self->set, edit->index,
                               edit->op == OP_INSERT ? edit->after : edit->before);
          g_signal_emit (self, signals[LEVELS_CHANGED], 0, edit->index, 0, 1);
        }
      else
        {
          pw_level_set_remove (self->set, edit->index);
          g_signal_emit (self, signals[LEVELS_CHANGED], 0, edit->index, 1, 0);
        }
      break;

    case OP_MOVE:
      {
        guint from = forwards ? edit->index : edit->to;
        guint to = forwards ? edit->to : edit->index;
        guint first = MIN (from, to);
        guint n = MAX (from, to) - first + 1;

        pw_level_set_move (self->set, from, to);
        g_signal_emit (self, signals[LEVELS_CHANGED], 0, first, n, n);
      }
      break;

    case OP_REORDER:
      {
        guint n = pw_level_set_get_n_levels (self->set);

        pw_level_set_reorder (self->set, forwards ? edit->order : edit->order + n);
        g_signal_emit (self, signals[LEVELS_CHANGED], 0, 0, n, n);
      }
      break;

    case OP_INFO:
      info_set (self->set, edit->field, forwards ? edit->after_text : edit->before_text);
      g_signal_emit (self, signals[INFO_CHANGED], 0);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
notify_state (PwDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

/* Runs @edit and records it in the open group, or as a step of its own. */
static void
execute (PwDocument *self,
         Edit       *edit,
         const char *label)
{
  Step *step;

  run_edit (self, edit, TRUE);

  /* a new change forgets what could be redone */
  if (self->position < self->steps->len)
    {
      if (self->saved_position > (gint64) self->position)
        self->saved_position = -1;
      g_ptr_array_set_size (self->steps, self->position);
    }

  if (self->group != NULL)
    {
      step = self->group;
      /* a stroke replacing one level many times keeps its first and last */
      if (edit->op == OP_REPLACE && step->edits->len > 0)
        {
          Edit *last = g_ptr_array_index (step->edits, step->edits->len - 1);

          if (last->op == OP_REPLACE && last->index == edit->index)
            {
              g_clear_pointer (&last->after, pw_level_unref);
              last->after = g_steal_pointer (&edit->after);
              edit_free (edit);
              return;
            }
        }
      g_ptr_array_add (step->edits, edit);
      return;
    }

  step = step_new (label);
  g_ptr_array_add (step->edits, edit);
  g_ptr_array_add (self->steps, step);
  self->position = self->steps->len;
  notify_state (self);
}

void
pw_document_replace_level (PwDocument *self,
                           guint       index,
                           PwLevel    *level,
                           const char *label)
{
  Edit *edit;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (index < pw_level_set_get_n_levels (self->set));
  g_return_if_fail (level != NULL);

  edit = g_new0 (Edit, 1);
  edit->op = OP_REPLACE;
  edit->index = index;
  edit->before = pw_level_ref (pw_level_set_get_level (self->set, index));
  edit->after = pw_level_ref (level);
  execute (self, edit, label ? label : _("Edit Level"));
}

void
pw_document_insert_level (PwDocument *self,
                          guint       index,
                          PwLevel    *level,
                          const char *label)
{
  Edit *edit;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (index <= pw_level_set_get_n_levels (self->set));
  g_return_if_fail (level != NULL);

  edit = g_new0 (Edit, 1);
  edit->op = OP_INSERT;
  edit->index = index;
  edit->after = pw_level_ref (level);
  /* the set gives the level a fresh id if it needs one; the level keeps it
   * for every redo */
  execute (self, edit, label ? label : _("Add Level"));
}

void
pw_document_remove_level (PwDocument *self,
                          guint       index,
                          const char *label)
{
  Edit *edit;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (index < pw_level_set_get_n_levels (self->set));

  edit = g_new0 (Edit, 1);
  edit->op = OP_REMOVE;
  edit->index = index;
  edit->before = pw_level_ref (pw_level_set_get_level (self->set, index));
  execute (self, edit, label ? label : _("Delete Level"));
}

void
pw_document_move_level (PwDocument *self,
                        guint       from,
                        guint       to,
                        const char *label)
{
  Edit *edit;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (from < pw_level_set_get_n_levels (self->set));
  g_return_if_fail (to < pw_level_set_get_n_levels (self->set));

  if (from == to)
    return;
  edit = g_new0 (Edit, 1);
  edit->op = OP_MOVE;
  edit->index = from;
  edit->to = to;
  execute (self, edit, label ? label : _("Move Level"));
}

void
pw_document_reorder_levels (PwDocument  *self,
                            const guint *order,
                            const char  *label)
{
  guint n;
  Edit *edit;
  gboolean same = TRUE;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (order != NULL);

  n = pw_level_set_get_n_levels (self->set);
  edit = g_new0 (Edit, 1);
  edit->op = OP_REORDER;
  edit->order = g_new (guint, 2 * n);
  for (guint i = 0; i < n; i++)
    edit->order[n + i] = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      if (order[i] >= n || edit->order[n + order[i]] != G_MAXUINT)
        {
          g_critical ("%s: not an order of %u levels", G_STRFUNC, n);
          edit_free (edit);
          return;
        }
      edit->order[i] = order[i];
      edit->order[n + order[i]] = i;
      same &= order[i] == i;
    }
  if (same)
    {
      edit_free (edit);
      return;
    }
  execute (self, edit, label ? label : _("Reorder Levels"));
}

void
pw_document_set_info (PwDocument *self,
                      PwSetInfo   field,
                      const char *text,
                      const char *label)
{
  Edit *edit;

  g_return_if_fail (PW_IS_DOCUMENT (self));

  if (g_strcmp0 (info_get (self->set, field), text ? text : "") == 0)
    return;
  edit = g_new0 (Edit, 1);
  edit->op = OP_INFO;
  edit->field = field;
  edit->before_text = g_strdup (info_get (self->set, field));
  edit->after_text = g_strdup (text ? text : "");
  execute (self, edit, label ? label : _("Edit Set Details"));
}

void
pw_document_begin_group (PwDocument *self,
                         const char *label)
{
  g_return_if_fail (PW_IS_DOCUMENT (self));

  if (self->group_depth++ == 0)
    self->group = step_new (label);
}

void
pw_document_end_group (PwDocument *self)
{
  Step *step;

  g_return_if_fail (PW_IS_DOCUMENT (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth > 0)
    return;
  step = g_steal_pointer (&self->group);
  if (step->edits->len == 0)
    {
      step_free (step);
      return;
    }
  g_ptr_array_add (self->steps, step);
  self->position = self->steps->len;
  notify_state (self);
}

gboolean
pw_document_can_undo (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);
  return self->group == NULL && self->position > 0;
}

gboolean
pw_document_can_redo (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);
  return self->group == NULL && self->position < self->steps->len;
}

const char *
pw_document_get_undo_label (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), NULL);

  if (!pw_document_can_undo (self))
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position - 1))->label;
}

const char *
pw_document_get_redo_label (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), NULL);

  if (!pw_document_can_redo (self))
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position))->label;
}

gboolean
pw_document_undo (PwDocument *self)
{
  Step *step;

  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);

  if (!pw_document_can_undo (self))
    return FALSE;
  step = g_ptr_array_index (self->steps, --self->position);
  for (guint i = step->edits->len; i-- > 0;)
    run_edit (self, g_ptr_array_index (step->edits, i), FALSE);
  notify_state (self);
  return TRUE;
}

gboolean
pw_document_redo (PwDocument *self)
{
  Step *step;

  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);

  if (!pw_document_can_redo (self))
    return FALSE;
  step = g_ptr_array_index (self->steps, self->position++);
  for (guint i = 0; i < step->edits->len; i++)
    run_edit (self, g_ptr_array_index (step->edits, i), TRUE);
  notify_state (self);
  return TRUE;
}

PwLevelSet *
pw_document_get_set (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), NULL);
  return self->set;
}

GFile *
pw_document_get_file (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
pw_document_get_modified (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);
  return self->saved_position != (gint64) self->position || self->group != NULL;
}

guint
pw_document_get_n_levels (PwDocument *self)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), 0);
  return pw_level_set_get_n_levels (self->set);
}

PwLevel *
pw_document_get_level (PwDocument *self,
                       guint       index)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), NULL);
  return pw_level_set_get_level (self->set, index);
}

PwDocument *
pw_document_new (PwLevelSet *set,
                 GFile      *file)
{
  PwDocument *self = g_object_new (PW_TYPE_DOCUMENT, NULL);

  self->set = set ? pw_level_set_ref (set) : pw_level_set_new ();
  g_set_object (&self->file, file);
  return self;
}

/* What tells one version of a file on disk from another without reading
 * it: the inode (a program that saves by renaming, as we do, makes a new
 * one), the modification time to the microsecond and the size; NULL when
 * there is no file. */
static char *
disk_stamp (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_UNIX_INODE ","
                                                 G_FILE_ATTRIBUTE_ETAG_VALUE ","
                                                 G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %s %" G_GOFFSET_FORMAT,
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE),
                          g_file_info_get_etag (info) ? g_file_info_get_etag (info) : "",
                          g_file_info_get_size (info));
}

PwDocument *
pw_document_load (GFile         *file,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(PwLevelSet) set = NULL;
  g_autofree char *stamp = NULL;
  PwDocument *document;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* before reading: a change in between then counts as a change */
  stamp = disk_stamp (file);
  set = pw_level_set_load (file, cancellable, error);
  if (set == NULL)
    return NULL;
  /* a save killed before its rename left its temporary beside the file */
  pw_file_clean_temporaries (file);
  document = pw_document_new (set, file);
  document->disk_stamp = g_steal_pointer (&stamp);
  return document;
}

gboolean
pw_document_file_changed (PwDocument *self)
{
  g_autofree char *now = NULL;

  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);

  if (self->file == NULL || self->disk_stamp == NULL)
    return FALSE;
  now = disk_stamp (self->file);
  /* gone: saving puts it back and replaces nothing */
  return now != NULL && strcmp (now, self->disk_stamp) != 0;
}

gboolean
pw_document_save (PwDocument    *self,
                  GFile         *file,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_return_val_if_fail (PW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file != NULL || self->file != NULL, FALSE);

  if (file == NULL)
    file = self->file;
  if (!pw_level_set_save (self->set, file, cancellable, error))
    return FALSE;
  g_set_object (&self->file, file);
  g_free (self->disk_stamp);
  self->disk_stamp = disk_stamp (file);
  self->saved_position = self->position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  return TRUE;
}

static void
pw_document_finalize (GObject *object)
{
  PwDocument *self = (PwDocument *) object;

  g_clear_pointer (&self->group, step_free);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->set, pw_level_set_unref);
  g_clear_object (&self->file);
  g_free (self->disk_stamp);

  G_OBJECT_CLASS (pw_document_parent_class)->finalize (object);
}

static void
pw_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PwDocument *self = PW_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      g_value_set_boolean (value, pw_document_get_modified (self));
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, pw_document_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, pw_document_can_redo (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_document_class_init (PwDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pw_document_finalize;
  object_class->get_property = pw_document_get_property;

  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[LEVELS_CHANGED] =
    g_signal_new ("levels-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  signals[LEVEL_CHANGED] =
    g_signal_new ("level-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[INFO_CHANGED] =
    g_signal_new ("info-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
pw_document_init (PwDocument *self)
{
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  self->saved_position = 0;
}
