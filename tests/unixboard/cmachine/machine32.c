// `_machine32`: the unix board's machine (tests/unixboard/lib/machine.py) in C, for the
// 32-bit ports tools/mp32.py builds. An ESP32 has machine built in: its Pin, SPI and ADC
// objects are static (machine_pin.c, machine_hw_spi.c, machine_adc.c), only a PWM is
// allocated. The Python stand-in puts its module, classes and every instance in the heap
// (about 2.2 KB on the device bench); this one keeps them out, as a board does, so that
// the heap figures are the device's alone. tools/mp_device_bench.py installs it as
// `machine` when the port has it. What it does is the Python stand-in's: pins read high
// until set, SPI counts what it is sent, the ADC reads 0, reset() exits with status 99.
// Only what the T-Display board and the firmware use: no I2C.
#include <string.h>

#include "py/runtime.h"
#include "py/mphal.h"
#include "py/gc.h"

#define NUM_PINS (40)
#define NUM_SPI (3)

// Pin: one static object a GPIO, as on an ESP32.
typedef struct {
    mp_obj_base_t base;
    uint8_t value;
} pin_obj_t;

const mp_obj_type_t machine32_pin_type;
static pin_obj_t pins[NUM_PINS];

static mp_obj_t kw_value(size_t n_args, size_t n_kw, const mp_obj_t *args, qstr name) {
    // The value of keyword `name`, or MP_OBJ_NULL.
    for (size_t i = 0; i < n_kw; i++) {
        if (mp_obj_str_get_qstr(args[n_args + 2 * i]) == name) {
            return args[n_args + 2 * i + 1];
        }
    }
    return MP_OBJ_NULL;
}

static pin_obj_t *pin_of(mp_int_t id) {
    if (id < 0 || id >= NUM_PINS) {
        mp_raise_ValueError(MP_ERROR_TEXT("invalid pin"));
    }
    pin_obj_t *pin = &pins[id];
    if (pin->base.type == NULL) {  // first use: reads high
        pin->base.type = &machine32_pin_type;
        pin->value = 1;
    }
    return pin;
}

static mp_obj_t pin_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
    const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 3, true);
    pin_obj_t *pin = pin_of(mp_obj_get_int(args[0]));
    mp_obj_t value = kw_value(n_args, n_kw, args, MP_QSTR_value);
    if (value != MP_OBJ_NULL && value != mp_const_none) {
        pin->value = mp_obj_is_true(value);
    }
    return MP_OBJ_FROM_PTR(pin);
}

static mp_obj_t pin_value(size_t n_args, const mp_obj_t *args) {
    pin_obj_t *pin = MP_OBJ_TO_PTR(args[0]);
    if (n_args == 1 || args[1] == mp_const_none) {
        return MP_OBJ_NEW_SMALL_INT(pin->value);
    }
    pin->value = mp_obj_is_true(args[1]);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(pin_value_obj, 1, 2, pin_value);

static mp_obj_t pin_call(mp_obj_t self, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 0, 1, false);
    mp_obj_t all[2] = { self, n_args ? args[0] : mp_const_none };
    return pin_value(2, all);
}

static mp_obj_t pin_on(mp_obj_t self) {
    ((pin_obj_t *)MP_OBJ_TO_PTR(self))->value = 1;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(pin_on_obj, pin_on);

static mp_obj_t pin_off(mp_obj_t self) {
    ((pin_obj_t *)MP_OBJ_TO_PTR(self))->value = 0;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(pin_off_obj, pin_off);

static mp_obj_t pin_ignore(size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    // init() and irq(): nothing to set up on the unix port.
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(pin_ignore_obj, 1, pin_ignore);

static const mp_rom_map_elem_t pin_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_value), MP_ROM_PTR(&pin_value_obj) },
    { MP_ROM_QSTR(MP_QSTR_on), MP_ROM_PTR(&pin_on_obj) },
    { MP_ROM_QSTR(MP_QSTR_off), MP_ROM_PTR(&pin_off_obj) },
    { MP_ROM_QSTR(MP_QSTR_init), MP_ROM_PTR(&pin_ignore_obj) },
    { MP_ROM_QSTR(MP_QSTR_irq), MP_ROM_PTR(&pin_ignore_obj) },
    { MP_ROM_QSTR(MP_QSTR_IN), MP_ROM_INT(1) },
    { MP_ROM_QSTR(MP_QSTR_OUT), MP_ROM_INT(3) },
    { MP_ROM_QSTR(MP_QSTR_OPEN_DRAIN), MP_ROM_INT(7) },
    { MP_ROM_QSTR(MP_QSTR_PULL_UP), MP_ROM_INT(2) },
    { MP_ROM_QSTR(MP_QSTR_PULL_DOWN), MP_ROM_INT(1) },
    { MP_ROM_QSTR(MP_QSTR_IRQ_FALLING), MP_ROM_INT(2) },
    { MP_ROM_QSTR(MP_QSTR_IRQ_RISING), MP_ROM_INT(1) },
    { MP_ROM_QSTR(MP_QSTR_WAKE_LOW), MP_ROM_INT(4) },
    { MP_ROM_QSTR(MP_QSTR_WAKE_HIGH), MP_ROM_INT(5) },
};
static MP_DEFINE_CONST_DICT(pin_locals, pin_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    machine32_pin_type, MP_QSTR_Pin, MP_TYPE_FLAG_NONE,
    make_new, pin_make_new,
    call, pin_call,
    locals_dict, &pin_locals
    );

// PINS[gpio]: the pin the bench presses (the Python stand-in's dict of the latest Pin).
static mp_obj_t pins_subscr(mp_obj_t self, mp_obj_t index, mp_obj_t value) {
    if (value != MP_OBJ_SENTINEL) {
        return MP_OBJ_NULL;  // no store, no delete
    }
    return MP_OBJ_FROM_PTR(pin_of(mp_obj_get_int(index)));
}

static MP_DEFINE_CONST_OBJ_TYPE(
    pins_type, MP_QSTR_PINS, MP_TYPE_FLAG_NONE,
    subscr, pins_subscr
    );
static const mp_obj_base_t pins_obj = { &pins_type };

// SPI: static objects that count the bytes and the writes a driver sends.
typedef struct {
    mp_obj_base_t base;
    mp_int_t bytes;
    mp_int_t writes;
} spi_obj_t;

static const mp_obj_type_t spi_type;
static spi_obj_t spis[NUM_SPI];
static spi_obj_t *last_spi;

static mp_obj_t spi_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
    const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, true);
    mp_int_t id = mp_obj_get_int(args[0]);
    if (id < 0 || id >= NUM_SPI) {
        mp_raise_ValueError(MP_ERROR_TEXT("invalid SPI"));
    }
    spi_obj_t *spi = &spis[id];
    spi->base.type = &spi_type;
    spi->bytes = spi->writes = 0;
    last_spi = spi;
    return MP_OBJ_FROM_PTR(spi);
}

static mp_obj_t spi_write(mp_obj_t self, mp_obj_t buf) {
    spi_obj_t *spi = MP_OBJ_TO_PTR(self);
    mp_buffer_info_t info;
    mp_get_buffer_raise(buf, &info, MP_BUFFER_READ);
    spi->bytes += info.len;
    spi->writes += 1;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(spi_write_obj, spi_write);

static void spi_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    spi_obj_t *spi = MP_OBJ_TO_PTR(self);
    if (dest[0] == MP_OBJ_NULL && attr == MP_QSTR_bytes) {
        dest[0] = mp_obj_new_int(spi->bytes);
    } else if (dest[0] == MP_OBJ_NULL && attr == MP_QSTR_writes) {
        dest[0] = mp_obj_new_int(spi->writes);
    } else {
        dest[1] = MP_OBJ_SENTINEL;  // on to the methods
    }
}

static const mp_rom_map_elem_t spi_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&spi_write_obj) },
};
static MP_DEFINE_CONST_DICT(spi_locals, spi_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(
    spi_type, MP_QSTR_SPI, MP_TYPE_FLAG_NONE,
    make_new, spi_make_new,
    attr, spi_attr,
    locals_dict, &spi_locals
    );

static mp_obj_t machine32_last_spi(void) {
    return last_spi ? MP_OBJ_FROM_PTR(last_spi) : mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(last_spi_obj, machine32_last_spi);

// An ESP32's unique id is its WiFi MAC address (hw.radio names the network after it).
static mp_obj_t machine32_unique_id(void) {
    static const uint8_t id[6] = {0x24, 0x0a, 0xc4, 0x00, 0x00, 0x03};
    return mp_obj_new_bytes(id, sizeof(id));
}
static MP_DEFINE_CONST_FUN_OBJ_0(unique_id_obj, machine32_unique_id);

// PWM: allocated, as an ESP32's is.
typedef struct {
    mp_obj_base_t base;
    mp_int_t duty;
} pwm_obj_t;

static const mp_obj_type_t pwm_type;

static mp_obj_t pwm_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
    const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, true);
    pwm_obj_t *pwm = mp_obj_malloc(pwm_obj_t, &pwm_type);
    mp_obj_t duty = kw_value(n_args, n_kw, args, MP_QSTR_duty_u16);
    pwm->duty = duty == MP_OBJ_NULL ? 0 : mp_obj_get_int(duty);
    return MP_OBJ_FROM_PTR(pwm);
}

static mp_obj_t pwm_duty_u16(size_t n_args, const mp_obj_t *args) {
    pwm_obj_t *pwm = MP_OBJ_TO_PTR(args[0]);
    if (n_args == 1 || args[1] == mp_const_none) {
        return mp_obj_new_int(pwm->duty);
    }
    pwm->duty = mp_obj_get_int(args[1]);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(pwm_duty_u16_obj, 1, 2, pwm_duty_u16);

static mp_obj_t pwm_freq(size_t n_args, const mp_obj_t *args) {
    return MP_OBJ_NEW_SMALL_INT(5000);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(pwm_freq_obj, 1, 2, pwm_freq);

static mp_obj_t pwm_deinit(mp_obj_t self) {
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(pwm_deinit_obj, pwm_deinit);

static const mp_rom_map_elem_t pwm_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_duty_u16), MP_ROM_PTR(&pwm_duty_u16_obj) },
    { MP_ROM_QSTR(MP_QSTR_freq), MP_ROM_PTR(&pwm_freq_obj) },
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&pwm_deinit_obj) },
};
static MP_DEFINE_CONST_DICT(pwm_locals, pwm_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(
    pwm_type, MP_QSTR_PWM, MP_TYPE_FLAG_NONE,
    make_new, pwm_make_new,
    locals_dict, &pwm_locals
    );

// ADC: one static object; nothing on the pin, so the battery reads as absent.
static const mp_obj_type_t adc_type;
static const mp_obj_base_t adc_obj = { &adc_type };

static mp_obj_t adc_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
    const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, true);
    return MP_OBJ_FROM_PTR(&adc_obj);
}

static mp_obj_t adc_read(mp_obj_t self) {
    return MP_OBJ_NEW_SMALL_INT(0);
}
static MP_DEFINE_CONST_FUN_OBJ_1(adc_read_obj, adc_read);

static const mp_rom_map_elem_t adc_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_read_uv), MP_ROM_PTR(&adc_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_read_u16), MP_ROM_PTR(&adc_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_ATTN_0DB), MP_ROM_INT(0) },
    { MP_ROM_QSTR(MP_QSTR_ATTN_11DB), MP_ROM_INT(3) },
};
static MP_DEFINE_CONST_DICT(adc_locals, adc_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(
    adc_type, MP_QSTR_ADC, MP_TYPE_FLAG_NONE,
    make_new, adc_make_new,
    locals_dict, &adc_locals
    );

// Functions.
static mp_obj_t machine32_lightsleep(size_t n_args, const mp_obj_t *args) {
    if (n_args && args[0] != mp_const_none) {
        mp_hal_delay_ms(mp_obj_get_int(args[0]));
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(lightsleep_obj, 0, 1, machine32_lightsleep);

static mp_obj_t machine32_idle(void) {
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(idle_obj, machine32_idle);

static mp_obj_t machine32_reset(void) {
    // A hard reset: the harness boots the port again (tests/host/test_deploy.py).
    mp_raise_type_arg(&mp_type_SystemExit, MP_OBJ_NEW_SMALL_INT(99));
}
static MP_DEFINE_CONST_FUN_OBJ_0(reset_obj, machine32_reset);

static mp_obj_t machine32_soft_reset(void) {
    mp_raise_type_arg(&mp_type_SystemExit, MP_OBJ_NEW_SMALL_INT(0));
}
static MP_DEFINE_CONST_FUN_OBJ_0(soft_reset_obj, machine32_soft_reset);

// Not a machine's: for the benches, the largest free block of the heap in bytes (what the
// largest new object could take without a collection), which gc.mem_free() cannot say.
static mp_obj_t machine32_largest_free(void) {
    gc_info_t info;
    gc_info(&info);
    return MP_OBJ_NEW_SMALL_INT(info.max_free * MICROPY_BYTES_PER_GC_BLOCK);
}
static MP_DEFINE_CONST_FUN_OBJ_0(largest_free_obj, machine32_largest_free);

static const mp_rom_map_elem_t machine32_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR__machine32) },
    { MP_ROM_QSTR(MP_QSTR_Pin), MP_ROM_PTR(&machine32_pin_type) },
    { MP_ROM_QSTR(MP_QSTR_PINS), MP_ROM_PTR(&pins_obj) },
    { MP_ROM_QSTR(MP_QSTR_SPI), MP_ROM_PTR(&spi_type) },
    { MP_ROM_QSTR(MP_QSTR_last_spi), MP_ROM_PTR(&last_spi_obj) },
    { MP_ROM_QSTR(MP_QSTR_unique_id), MP_ROM_PTR(&unique_id_obj) },
    { MP_ROM_QSTR(MP_QSTR_PWM), MP_ROM_PTR(&pwm_type) },
    { MP_ROM_QSTR(MP_QSTR_ADC), MP_ROM_PTR(&adc_type) },
    { MP_ROM_QSTR(MP_QSTR_lightsleep), MP_ROM_PTR(&lightsleep_obj) },
    { MP_ROM_QSTR(MP_QSTR_idle), MP_ROM_PTR(&idle_obj) },
    { MP_ROM_QSTR(MP_QSTR_reset), MP_ROM_PTR(&reset_obj) },
    { MP_ROM_QSTR(MP_QSTR_soft_reset), MP_ROM_PTR(&soft_reset_obj) },
    { MP_ROM_QSTR(MP_QSTR_SLEEP), MP_ROM_INT(2) },
    { MP_ROM_QSTR(MP_QSTR_DEEPSLEEP), MP_ROM_INT(4) },
    { MP_ROM_QSTR(MP_QSTR_largest_free), MP_ROM_PTR(&largest_free_obj) },
};
static MP_DEFINE_CONST_DICT(machine32_globals, machine32_globals_table);

const mp_obj_module_t machine32_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&machine32_globals,
};

MP_REGISTER_MODULE(MP_QSTR__machine32, machine32_module);
