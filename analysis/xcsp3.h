/* xcsp3.h — XCSP3 files: a writer of the subset Puzzlewright writes, its
 * reader, and a level's file both ways
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * XCSP3 (xcsp.org) is the XML format of the constraint solver
 * competitions. Each kind whose rules are constraints writes its model
 * (PwKind.to_xcsp3) with the writer below: arrays of variables, then
 * constraint elements — <instantiation>, <allDifferent>, <sum>,
 * <extension>, <intension>, <regular>, <cardinality>, in <group>s where a
 * template serves many — and a note on <instance> naming the kind and its
 * layout ("puzzlewright sudoku size=9 boxes=3x3 …"). Reading parses the
 * file into a tree of elements with their lines (GMarkup), refuses
 * elements and attributes outside that subset, lets the kind named in the
 * note read the level from the constraint elements (PwKind.from_xcsp3),
 * and then checks that the file is exactly the model the kind writes for
 * that level, naming the first element that is not: any other model is
 * refused, never read as something else. docs/file-format.md, "XCSP3".
 */

#pragma once

#include "pw-types.h"

G_BEGIN_DECLS

#define PW_XCSP_ERROR (pw_xcsp_error_quark ())

typedef enum
{
  PW_XCSP_ERROR_SYNTAX,       /* not well-formed XML, or not an XCSP3 instance */
  PW_XCSP_ERROR_UNSUPPORTED,  /* an element, attribute or model outside the subset */
  PW_XCSP_ERROR_INVALID,      /* a value out of range or contradicting the level */
} PwXcspError;

GQuark pw_xcsp_error_quark (void);

/* The file format's id for `export --format`. */
#define PW_XCSP3_FORMAT "xcsp3"

/* One element of a file: its name (NULL for a comment the writer puts
 * before the next element), attributes, character data as read (or the
 * comment) and child elements in order, and where its start tag ends. */
struct _PwXcspElement
{
  char      *name;
  char     **attribute_names;   /* NULL-terminated */
  char     **attribute_values;
  GString   *text;
  GPtrArray *children;          /* PwXcspElement * */
  int        line;
  int        column;
};

/* ------------------------------------------------------------------ */
/* Writing                                                              */

/* A new instance of the kind @kind_id: an empty <variables> and
 * <constraints>, and the note "puzzlewright KIND". */
PwXcspWriter *pw_xcsp_writer_new        (const char   *kind_id);
void          pw_xcsp_writer_free       (PwXcspWriter *writer);
/* A layout parameter in the note: key=value (quoted when it needs). */
void          pw_xcsp_writer_set_param  (PwXcspWriter *writer,
                                         const char   *key,
                                         const char   *format,
                                         ...) G_GNUC_PRINTF (3, 4);
/* An XML comment before the next element written at the current place
 * (for people; the reader skips comments). */
void          pw_xcsp_writer_comment    (PwXcspWriter *writer,
                                         const char   *format,
                                         ...) G_GNUC_PRINTF (2, 3);
/* <array id="@id" size="@size" note="@note"> @domain </array> in
 * <variables>; @note may be NULL. */
void          pw_xcsp_writer_array      (PwXcspWriter *writer,
                                         const char   *id,
                                         const char   *size,
                                         const char   *note,
                                         const char   *domain);
/* Opens an element: a constraint or group in <constraints> when no
 * element is open, else a child of the open one. @note may be NULL. */
void          pw_xcsp_writer_begin      (PwXcspWriter *writer,
                                         const char   *name,
                                         const char   *note);
/* Appends to the open element's text: tokens are separated by a space
 * when the text does not end with one. */
void          pw_xcsp_writer_text       (PwXcspWriter *writer,
                                         const char   *format,
                                         ...) G_GNUC_PRINTF (2, 3);
void          pw_xcsp_writer_end        (PwXcspWriter *writer);
/* begin, text, end. */
void          pw_xcsp_writer_leaf       (PwXcspWriter *writer,
                                         const char   *name,
                                         const char   *format,
                                         ...) G_GNUC_PRINTF (3, 4);
/* The file: UTF-8 XML with escaped text and attributes, long texts
 * wrapped between tokens. */
char         *pw_xcsp_writer_to_string  (PwXcspWriter *writer);

/* ------------------------------------------------------------------ */
/* Reading                                                              */

/* Parses @text (@length bytes, -1: NUL-terminated) as an XCSP3 instance of
 * the subset: well-formed XML, <instance format="XCSP3" type="CSP"> with
 * <variables> and <constraints>, only the elements and attributes
 * Puzzlewright writes. Errors name @display_name, the line and the
 * element. It does not check the model (pw_xcsp_instance_check does). */
PwXcspInstance      *pw_xcsp_instance_parse       (const char            *text,
                                                   gssize                 length,
                                                   const char            *display_name,
                                                   GError               **error);
void                 pw_xcsp_instance_free        (PwXcspInstance        *instance);
const char          *pw_xcsp_instance_get_display_name (const PwXcspInstance *instance);
/* The kind the note names, NULL when there is no Puzzlewright note. */
const char          *pw_xcsp_instance_get_kind    (const PwXcspInstance  *instance);
/* A parameter of the note, NULL when absent. */
const char          *pw_xcsp_instance_get_param   (const PwXcspInstance  *instance,
                                                   const char            *key);
/* A whole-number parameter from @min to @max; an error naming the note
 * when it is absent or out of range. */
gboolean             pw_xcsp_instance_get_uint    (const PwXcspInstance  *instance,
                                                   const char            *key,
                                                   guint                  min,
                                                   guint                  max,
                                                   guint                 *value,
                                                   GError               **error);
const PwXcspElement *pw_xcsp_instance_get_root    (const PwXcspInstance  *instance);
/* The <constraints> element (there is always one). */
const PwXcspElement *pw_xcsp_instance_get_constraints (const PwXcspInstance *instance);
/* Checks that @instance's variables and constraints are exactly those
 * @expected holds (what the kind writes for the level read), element by
 * element: names, attributes but notes, and texts up to spacing; else an
 * error naming the first element of the file that differs. */
gboolean             pw_xcsp_instance_check       (const PwXcspInstance  *instance,
                                                   PwXcspWriter          *expected,
                                                   const char            *kind_name,
                                                   GError               **error);

/* Sets @error to "FILE: line L: <NAME>: MESSAGE" for @element of
 * @instance (PW_XCSP_ERROR_INVALID, or @code). */
void        pw_xcsp_set_error           (GError               **error,
                                         const PwXcspInstance  *instance,
                                         const PwXcspElement   *element,
                                         PwXcspError            code,
                                         const char            *format,
                                         ...) G_GNUC_PRINTF (5, 6);

const char          *pw_xcsp_element_get_attribute (const PwXcspElement *element,
                                                    const char          *name);
/* The first child named @name, or NULL. */
const PwXcspElement *pw_xcsp_element_get_child    (const PwXcspElement *element,
                                                   const char          *name);
/* The child elements named @name, in order (a new array). */
GPtrArray           *pw_xcsp_element_get_children (const PwXcspElement *element,
                                                   const char          *name);
/* The text split at white space. */
char               **pw_xcsp_element_get_tokens   (const PwXcspElement *element);

/* Variables of an array @id of @n_dims dimensions @sizes (at most 3),
 * numbered in row-major order. Reads @element's tokens, each one
 * variable ("x[3][4]") or a slice ("x[3][]", "x[0..2][1..3]"), into the
 * indices of the variables they name, in order; an error naming the token
 * for anything else. */
gboolean    pw_xcsp_read_variables      (const PwXcspInstance  *instance,
                                         const PwXcspElement   *element,
                                         const char            *id,
                                         guint                  n_dims,
                                         const guint           *sizes,
                                         GArray                *indices,
                                         GError               **error);
/* Whole numbers separated by white space, each from @min to @max. */
gboolean    pw_xcsp_read_integers       (const PwXcspInstance  *instance,
                                         const PwXcspElement   *element,
                                         gint64                 min,
                                         gint64                 max,
                                         GArray                *values,
                                         GError               **error);

/* An <instantiation> (@element) of variables of the array @id: the
 * indices of its <list> and the values of its <values>, as many, each
 * from @min to @max, no variable twice. */
gboolean    pw_xcsp_read_instantiation  (const PwXcspInstance  *instance,
                                         const PwXcspElement   *element,
                                         const char            *id,
                                         guint                  n_dims,
                                         const guint           *sizes,
                                         gint64                 min,
                                         gint64                 max,
                                         GArray                *indices,
                                         GArray                *values,
                                         GError               **error);

/* A transition of <regular>: (from, value, to). */
typedef struct
{
  char   *from;
  gint64  value;
  char   *to;
} PwXcspTransition;

void        pw_xcsp_transition_free     (PwXcspTransition      *transition);
/* Reads "(a,0,b) (b,1,c) …" into PwXcspTransition * (the array's free
 * function is the caller's: pw_xcsp_transition_free). */
gboolean    pw_xcsp_read_transitions    (const PwXcspInstance  *instance,
                                         const PwXcspElement   *element,
                                         GPtrArray             *transitions,
                                         GError               **error);

/* ------------------------------------------------------------------ */
/* A level's file                                                       */

/* Whether @kind writes XCSP3. */
gboolean  pw_xcsp3_kind_writes  (const PwKind  *kind);
/* The XCSP3 file of @level: its kind's model, and the level's id, name
 * and notes in the note. PW_KIND_ERROR_UNSUPPORTED for a kind that does
 * not write XCSP3, PW_KIND_ERROR_INVALID (naming the first problem) for a
 * level its validation refuses. */
char     *pw_xcsp3_write_level  (PwLevel       *level,
                                 GError       **error);
/* The level of a file Puzzlewright wrote, whatever its kind (the note
 * says); @kind_id, when not NULL, must be that kind. Errors name
 * @display_name, the line and the element not understood. */
PwLevel  *pw_xcsp3_read_level   (const char    *text,
                                 gssize         length,
                                 const char    *display_name,
                                 const char    *kind_id,
                                 GError       **error);
/* Whether @text starts like an XML file (after a byte-order mark and
 * white space, "<"): import sends such files to pw_xcsp3_read_level. */
gboolean  pw_xcsp3_looks_like_xml (const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwXcspWriter, pw_xcsp_writer_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwXcspInstance, pw_xcsp_instance_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwXcspTransition, pw_xcsp_transition_free)

G_END_DECLS
